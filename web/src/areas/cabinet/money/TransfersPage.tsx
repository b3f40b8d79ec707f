import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../../api/sdk';
import { Money } from '../../../components/Money';
import { formatDateTime } from '../../../components/dates';
import { toast } from '../../../app/notify';
import { openProtectedFile } from '../../../lib/download';
import { FilterSelect, PagedTable, usePaging } from '../../../components/PagedTable';
import { moneyQueries } from './queries';

type Row = Answer<'list_transfers'>['list'][number];
const KINDS = ['sale', 'platform_fee', 'refund', 'reversal', 'chargeback', 'chargeback_fee', 'payout', 'cashout'];

/** `/cabinet/transfers`: every ledger entry of the seller (sales, fees, refunds, chargebacks, payouts) and the
 * balance they sum to. */
export default function TransfersPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState('');
  const paging = usePaging();
  const q = { ...paging.query, filters: kind ? { kind: [kind] } : {} };
  const list = useQuery({ ...moneyQueries.transfers(q), placeholderData: keepPreviousData });
  const balance = useQuery(moneyQueries.balance());
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('nav.transfers')}
      </Typography>
      <Paper sx={{ p: 2, mb: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('money.balance')}
        </Typography>
        <Typography variant="h5" component="p" data-testid="balance">
          {(balance.data?.balances ?? []).length
            ? balance.data?.balances.map((b) => <Money key={b.currency} amount={b.amount} currency={b.currency} />)
            : t('money.noBalance')}
        </Typography>
      </Paper>
      <Box sx={{ mb: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <FilterSelect
          label={t('money.kind')}
          value={kind}
          onChange={(v) => { setKind(v); paging.restart(); }}
          all={t('money.allKinds')}
          options={KINDS.map((k) => ({ value: k, label: t(`enums.entryKind.${k}`) }))}
        />
        <Button
          size="small"
          onClick={() =>
            void openProtectedFile(`/v1/cabinet/transfers/csv${kind ? `?filters[kind][]=${encodeURIComponent(kind)}` : ''}`).then(
              (ok) => ok || toast(t('toast.error'), 'error'),
            )
          }
        >
          {t('money.csv')}
        </Button>
      </Box>
      <PagedTable<Row>
        rows={list.data?.list ?? []}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        empty={t('money.noTransfers')}
        count={list.data?.totalCount}
        {...paging.pager}
        columns={[
          { key: 'date', label: t('money.date'), render: (r) => formatDateTime(r.createdAt) },
          { key: 'kind', label: t('money.kind'), render: (r) => t(`enums.entryKind.${r.kind}`) },
          {
            key: 'order',
            label: t('orders.product'),
            wide: true,
            render: (r) =>
              r.orderToken ? (
                <Link component={RouterLink} to={`/cabinet/orders/${r.orderToken}`}>
                  {r.productName}
                </Link>
              ) : (
                t('common.none')
              ),
          },
          { key: 'amount', label: t('orders.amount'), align: 'right', render: (r) => <Money amount={r.amount} currency={r.currency} /> },
        ]}
      />
    </>
  );
}
