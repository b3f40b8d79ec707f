import { useMemo } from 'react';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../../api/sdk';
import { Money } from '../../../components/Money';
import { formatDateTime } from '../../../components/dates';
import { FilteredTable } from '../../../components/FilteredTable';
import type { FilterDef } from '../../../lib/filterDefs';
import { LIST_DEFAULTS, useListView, useTotalSync } from '../../../lib/useListView';
import { moneyQueries } from './queries';

type Row = Answer<'list_transfers'>['list'][number];
const KINDS = ['sale', 'platform_fee', 'refund', 'reversal', 'chargeback', 'chargeback_fee', 'payout', 'cashout'];

/** `/cabinet/transfers`: every ledger entry of the seller (sales, fees, refunds, chargebacks, payouts) and the
 * balance they sum to. */
export default function TransfersPage() {
  const { t } = useTranslation();
  const defs = useMemo<FilterDef[]>(
    () => [
      { key: 'created', type: 'relative_date_range', label: t('filters.created') },
      { key: 'kind', type: 'multi_select', label: t('money.kind'), options: KINDS.map((k) => ({ value: k, label: t(`enums.entryKind.${k}`) })) },
    ],
    [t],
  );
  const view = useListView(LIST_DEFAULTS, defs);
  const list = useQuery({ ...moneyQueries.transfers(view.apiQuery), placeholderData: keepPreviousData });
  useTotalSync(view.list.syncTotal, list.data?.totalCount, list.isPlaceholderData);
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
      <FilteredTable<Row>
        view={view}
        defs={defs}
        list={list}
        searchPlaceholder={t('money.searchOrder')}
        saved="transfers"
        csv="/v1/cabinet/transfers/csv"
        empty={t('money.noTransfers')}
        rowKey={(r) => r.id}
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
