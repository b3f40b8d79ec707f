import { TransfersPage } from '../payee/TransfersPage';
import { SALES_TEAM_MEMBER } from '../payee/payees';

export default function TeamTransfersPage() {
  return <TransfersPage payee={SALES_TEAM_MEMBER} />;
}
