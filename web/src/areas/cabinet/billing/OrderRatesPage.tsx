import { useMemo } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Answer } from '../../../api/sdk';
import { Money } from '../../../components/Money';
import { FilterBar } from '../../../components/FilterBar';
import { PagedTable } from '../../../components/PagedTable';
import type { FilterDef } from '../../../lib/filterDefs';
import { LIST_DEFAULTS, useListView, useTotalSync } from '../../../lib/useListView';
import { formatDate } from '../../../components/dates';
import { RateChip } from './RateChip';
import { RATE_STATES, billingQueries } from './queries';

type Row = Answer<'list_order_rates'>['list'][number];
// the rates fall due in order: the next first
const DEFAULTS = { ...LIST_DEFAULTS, sortKey: 'due_on', sortDir: 'asc' as const };

/** `/cabinet/order_rates` (core §2): every rate of the seller's subscriptions and installment plans. */
export default function OrderRatesPage() {
  const { t } = useTranslation();
  const defs = useMemo<FilterDef[]>(
    () => [
      { key: 'due', type: 'date_range_no_time', label: t('billing.dueOn') },
      { key: 'state', type: 'single_select', label: t('billing.state'), inline: true, options: RATE_STATES.map((s) => ({ value: s, label: t(`billing.rateState.${s}`) })) },
      { key: 'overdue', type: 'number_range', label: t('billing.overdueDays'), min: 0, max: 365 },
    ],
    [t],
  );
  const view = useListView(DEFAULTS, defs);
  const list = useQuery({ ...billingQueries.rates(view.apiQuery), placeholderData: keepPreviousData, refetchInterval: 5000 });
  useTotalSync(view.list.syncTotal, list.data?.totalCount, list.isPlaceholderData);
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('nav.orderRates')}
      </Typography>
      <FilterBar defs={defs} filters={view.state.filters} onApply={view.list.applyFilters} />
      <PagedTable<Row>
        rows={list.data?.list ?? []}
        rowKey={(r) => r.id}
        loading={list.isFetching && !list.data}
        empty={t('billing.noRates')}
        count={list.data?.totalCount}
        {...view.pager}
        columns={[
          { key: 'due', label: t('billing.dueOn'), render: (r) => formatDate(r.dueOn) },
          {
            key: 'order',
            label: t('billing.order'),
            render: (r) => (
              <Link component={RouterLink} to={`/cabinet/orders/${r.orderToken}`}>
                {r.productName} · {t('billing.rate')} {r.number}
              </Link>
            ),
          },
          { key: 'payer', label: t('billing.payer'), wide: true, render: (r) => r.payerEmail },
          { key: 'amount', label: t('billing.amount'), align: 'right', render: (r) => <Money amount={r.amount} currency={r.currency} /> },
          { key: 'attempts', label: t('billing.attempts'), align: 'right', wide: true, render: (r) => r.attempts },
          { key: 'state', label: t('billing.state'), render: (r) => <RateChip state={r.state} /> },
        ]}
      />
    </>
  );
}
