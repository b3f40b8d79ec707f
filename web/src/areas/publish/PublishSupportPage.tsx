import { SupportForm } from '../../components/SupportForm';

/** `/publish/support` (core §2). */
export default function PublishSupportPage() {
  return <SupportForm area="publish" />;
}
