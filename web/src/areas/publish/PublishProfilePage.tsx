import { ProfilePage } from '../payee/ProfilePage';
import { PUBLISHER } from '../payee/payees';

export default function PublishProfilePage() {
  return <ProfilePage payee={PUBLISHER} />;
}
