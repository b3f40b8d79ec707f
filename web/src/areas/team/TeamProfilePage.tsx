import { ProfilePage } from '../payee/ProfilePage';
import { SALES_TEAM_MEMBER } from '../payee/payees';

export default function TeamProfilePage() {
  return <ProfilePage payee={SALES_TEAM_MEMBER} />;
}
