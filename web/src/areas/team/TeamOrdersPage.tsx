import { useTranslation } from 'react-i18next';
import type { Answer } from '../../api/sdk';
import * as sdk from '../../api/sdk.gen';
import { Money } from '../../components/Money';
import { PayeeTable } from '../../components/PayeeTable';
import { StatusChip } from '../../components/StatusChip';
import { formatDateTime } from '../../components/dates';
import { percent } from '../publish/usePublisher';
import { TeamOnly } from './useTeam';
import { guardedPage } from '../../components/Page';

type Row = Answer<'team_member_orders'>['list'][number];

function Orders() {
  const { t, i18n } = useTranslation();
  return (
    <PayeeTable<Row>
      queryKey={['team', 'orders']}
      fetch={(query, signal) => sdk.teamMemberOrders(query, { signal })}
      rowKey={(r) => r.id}
      empty={t('team.ordersEmpty')}
      label={t('team.ordersTitle')}
      columns={[
        { key: 'date', label: t('money.date'), render: (r) => formatDateTime(r.createdAt) },
        { key: 'product', label: t('orders.product'), render: (r) => `${r.product} · ${r.shop}` },
        { key: 'state', label: t('orders.state'), wide: true, render: (r) => <StatusChip state={r.paymentState} /> },
        { key: 'paid', label: t('publish.paid'), align: 'right', wide: true, render: (r) => <Money amount={r.paid} currency={r.currency} /> },
        { key: 'fee', label: t('team.fee'), align: 'right', render: (r) => percent(r.feeBp, i18n.language) },
        { key: 'earned', label: t('team.earned'), align: 'right', render: (r) => <Money amount={r.earned} currency={r.currency} /> },
      ]}
    />
  );
}

/** `/team_member/orders`: the orders a sales team member sold, with their fee and what each earned them. */
export default guardedPage('team.ordersTitle', TeamOnly, Orders);
