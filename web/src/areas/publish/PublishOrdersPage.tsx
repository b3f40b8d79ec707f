import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../api/sdk';
import * as sdk from '../../api/sdk.gen';
import { StatusChip } from '../../components/StatusChip';
import { Money } from '../../components/Money';
import { PayeeTable } from '../../components/PayeeTable';
import { formatDateTime } from '../../components/dates';
import { PublisherOnly } from './usePublisher';
import { guardedPage } from '../../components/Page';

type Row = Answer<'publisher_orders'>['list'][number];

function Orders() {
  const { t } = useTranslation();
  return (
    <PayeeTable<Row>
      queryKey={['publish', 'orders']}
      fetch={(query, signal) => sdk.publisherOrders(query, { signal })}
      rowKey={(r) => r.id}
      empty={t('publish.ordersEmpty')}
      columns={[
        { key: 'date', label: t('money.date'), render: (r) => formatDateTime(r.createdAt) },
        {
          key: 'product',
          label: t('orders.product'),
          render: (r) => (
            <>
              <Typography variant="body2">{r.product}</Typography>
              <Typography variant="caption" color="text.secondary">
                {r.shop}
              </Typography>
            </>
          ),
        },
        { key: 'stage', label: t('publish.stage'), wide: true, render: (r) => (r.stage === 1 ? t('publish.ownLink') : t('publish.stageN', { n: r.stage })) },
        { key: 'state', label: t('orders.state'), render: (r) => <StatusChip state={r.paymentState} /> },
        { key: 'paid', label: t('publish.paid'), align: 'right', wide: true, render: (r) => <Money amount={r.paid} currency={r.currency} /> },
        { key: 'earned', label: t('publish.earned'), align: 'right', render: (r) => <Money amount={r.earned} currency={r.currency} /> },
      ]}
    />
  );
}

/** `/publish/orders`: the orders that earn the publisher a commission (no buyer's details). */
export default guardedPage('publish.ordersTitle', PublisherOnly, Orders);
