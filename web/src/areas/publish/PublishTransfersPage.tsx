import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../api/sdk';
import * as sdk from '../../api/sdk.gen';
import { Money } from '../../components/Money';
import { PayeeTable } from '../../components/PayeeTable';
import { formatDateTime } from '../../components/dates';
import { PublisherOnly } from './usePublisher';

type Row = Answer<'publisher_transfers'>['list'][number];

/** `/publish/transfers`: every movement of the publisher's money, newest first. */
export default function PublishTransfersPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('publish.transfersTitle')}
      </Typography>
      <PublisherOnly>
        <Transfers />
      </PublisherOnly>
    </Stack>
  );
}

function Transfers() {
  const { t } = useTranslation();
  return (
    <PayeeTable<Row>
      queryKey={['publish', 'transfers']}
      fetch={(query, signal) => sdk.publisherTransfers(query, { signal })}
      rowKey={(r) => `${r.at}-${r.kind}-${r.amount}-${r.product}`}
      empty={t('publish.transfersEmpty')}
      columns={[
        { key: 'date', label: t('money.date'), render: (r) => formatDateTime(r.at) },
        { key: 'kind', label: t('money.kind'), render: (r) => t(`publish.moves.${r.kind}`) },
        { key: 'product', label: t('orders.product'), render: (r) => (r.product ? `${r.product} · ${r.shop}` : '—') },
        { key: 'amount', label: t('orders.amount'), align: 'right', render: (r) => <Money amount={r.amount} currency={r.currency} /> },
      ]}
    />
  );
}
