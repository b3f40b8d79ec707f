import { TransfersPage } from '../payee/TransfersPage';
import { PUBLISHER } from '../payee/payees';

export default function PublishTransfersPage() {
  return <TransfersPage payee={PUBLISHER} />;
}
