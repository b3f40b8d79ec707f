import { AccountDetails } from '../../components/AccountDetails';

/** `/publish/details`: the publisher's own details (core §2). */
export default function PublishDetailsPage() {
  return <AccountDetails />;
}
