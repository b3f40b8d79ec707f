import { SupportForm } from '../../components/SupportForm';

/** `/team_member/support` (core §2). */
export default function TeamSupportPage() {
  return <SupportForm area="team_member" />;
}
