import { AccountDetails } from '../../components/AccountDetails';

/** `/team_member/details`: the team member's own details, the name their sellers know them by. */
export default function TeamDetailsPage() {
  return <AccountDetails />;
}
