import { PayoutsPage } from '../payee/PayoutsPage';
import { SALES_TEAM_MEMBER } from '../payee/payees';

export default function TeamPayoutsPage() {
  return <PayoutsPage payee={SALES_TEAM_MEMBER} />;
}
