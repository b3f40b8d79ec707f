import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Answer } from '../../../api/sdk';
import { Money } from '../../../components/Money';
import { NumberRangeFilter, rangeFilters } from '../../../components/NumberRangeFilter';
import { FilterSelect, PagedTable, usePaging } from '../../../components/PagedTable';
import { formatDate } from '../../../components/dates';
import { RateChip } from './RateChip';
import { RATE_STATES, billingQueries } from './queries';

type Row = Answer<'list_order_rates'>['list'][number];

/** `/cabinet/order_rates` (core §2): every rate of the seller's subscriptions and installment plans. */
export default function OrderRatesPage() {
  const { t } = useTranslation();
  const [state, setState] = useState('');
  const [overdue, setOverdue] = useState({ from: '', to: '' });
  const paging = usePaging();
  const q = {
    ...paging.query,
    sortDir: 'asc' as const,
    filters: { ...(state ? { state: [state] } : {}), ...rangeFilters('overdue', overdue) },
  };
  const list = useQuery({ ...billingQueries.rates(q), placeholderData: keepPreviousData, refetchInterval: 5000 });
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('nav.orderRates')}
      </Typography>
      <Box sx={{ mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <FilterSelect
          label={t('billing.state')}
          value={state}
          onChange={(v) => { setState(v); paging.restart(); }}
          all={t('billing.allStates')}
          options={RATE_STATES.map((s) => ({ value: s, label: t(`billing.rateState.${s}`) }))}
        />
        <NumberRangeFilter
          label={t('billing.overdueDays')}
          min={0}
          max={365}
          value={overdue}
          onChange={(v) => { setOverdue(v); paging.restart(); }}
          testId="filter-overdue"
        />
      </Box>
      <PagedTable<Row>
        rows={list.data?.list ?? []}
        rowKey={(r) => r.id}
        loading={list.isFetching && !list.data}
        empty={t('billing.noRates')}
        count={list.data?.totalCount}
        {...paging.pager}
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
