import { useTranslation } from 'react-i18next';
import { Money } from '../../components/Money';
import { PayeeTable } from '../../components/PayeeTable';
import { formatDateTime } from '../../components/dates';
import type { Payee, TransferRow } from './payees';
import { Page } from '../../components/Page';

/** Every movement of a payee's money, newest first: `/publish/transfers`, `/team_member/transfers`. */
export function TransfersPage({ payee }: { payee: Payee }) {
  const { t } = useTranslation();
  const { Only } = payee;
  return (
    <Page title={t(`${payee.scope}.transfersTitle`)}>
      <Only>
        <PayeeTable<TransferRow>
          queryKey={[payee.scope, 'transfers']}
          fetch={payee.transfers}
          rowKey={(r) => `${r.at}-${r.kind}-${r.amount}-${r.product}`}
          empty={t(`${payee.scope}.transfersEmpty`)}
          label={t(`${payee.scope}.transfersTitle`)}
          columns={[
            { key: 'date', label: t('money.date'), render: (r) => formatDateTime(r.at) },
            { key: 'kind', label: t('money.kind'), render: (r) => t(`publish.moves.${r.kind}`) },
            { key: 'product', label: t('orders.product'), render: (r) => (r.product ? `${r.product} · ${r.shop}` : '—') },
            { key: 'amount', label: t('orders.amount'), align: 'right', render: (r) => <Money amount={r.amount} currency={r.currency} /> },
          ]}
        />
      </Only>
    </Page>
  );
}
