import { PayoutsPage } from '../payee/PayoutsPage';
import { PUBLISHER } from '../payee/payees';

export default function PublishPayoutsPage() {
  return <PayoutsPage payee={PUBLISHER} />;
}
