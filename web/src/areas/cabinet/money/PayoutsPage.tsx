import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../api/cabinet';
import type { Answer } from '../../../api/sdk';
import { Money } from '../../../components/Money';
import { PayoutPanels, type PayoutSource } from '../../../components/PayoutPanels';
import { formatDateTime } from '../../../components/dates';
import { listed, PagedTable } from '../../../components/PagedTable';
import { FilterBar } from '../../../components/FilterBar';
import { type FilterDef, csvHref } from '../../../lib/filterDefs';
import { LIST_DEFAULTS, useListView, useTotalSync } from '../../../lib/useListView';
import { moneyKeys, moneyQueries } from './queries';

type Row = Answer<'list_payouts'>['list'][number];

const CABINET_PAYOUTS: PayoutSource = {
  queryKey: moneyKeys.payouts(),
  load: (signal) => cabinetApi.payouts(signal),
  save: (settings) => cabinetApi.savePayoutSettings(settings),
  cashout: () => cabinetApi.cashout(),
};

/** `/cabinet/payouts`: the balance split, the schedule, why the next payout waits, and the payouts so far. */
export default function PayoutsPage() {
  const { t } = useTranslation();
  const defs = useMemo<FilterDef[]>(
    () => [
      { key: 'created', type: 'relative_date_range', label: t('filters.created') },
      { key: 'state', type: 'multi_select', label: t('orders.state'), options: ['pending', 'issued', 'successful', 'canceled'].map((s) => ({ value: s, label: t(`enums.payoutState.${s}`) })) },
      { key: 'kind', type: 'multi_select', label: t('money.kind'), options: ['payout', 'cashout'].map((k) => ({ value: k, label: t(`enums.payoutKind.${k}`) })) },
      { key: 'amount', type: 'number_range', label: t('orders.amount'), scale: 100 },
    ],
    [t],
  );
  const view = useListView(LIST_DEFAULTS, defs);
  const payouts = useQuery({ ...moneyQueries.payoutList(view.apiQuery), refetchInterval: 5000 });
  useTotalSync(view.list.syncTotal, payouts.data?.totalCount, payouts.isPlaceholderData);
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('nav.payouts')}
      </Typography>
      <PayoutPanels source={CABINET_PAYOUTS} />
      <FilterBar defs={defs} filters={view.state.filters} onApply={view.list.applyFilters} list="payouts" csv={csvHref('/v1/cabinet/payouts/csv', view.apiQuery)} />
      <PagedTable<Row>
        {...listed(payouts)}
        rowKey={(r) => r.number}
        count={payouts.data?.totalCount}
        {...view.pager}
        empty={t('money.noPayouts')}
        columns={[
          { key: 'date', label: t('money.date'), render: (r) => formatDateTime(r.createdAt) },
          { key: 'kind', label: t('money.kind'), render: (r) => t(`enums.payoutKind.${r.kind}`) },
          { key: 'state', label: t('orders.state'), render: (r) => `${t(`enums.payoutState.${r.state}`)}${r.reason ? ` · ${r.reason}` : ''}` },
          { key: 'iban', label: t('profile.fields.iban'), wide: true, render: (r) => r.iban },
          { key: 'amount', label: t('orders.amount'), align: 'right', render: (r) => <Money amount={r.amount} currency={r.currency} /> },
        ]}
      />
    </>
  );
}
