import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { cabinetApi } from '../../../api/cabinet';
import type { Answer } from '../../../api/sdk';
import { toast } from '../../../app/notify';
import { Money } from '../../../components/Money';
import { FilterBar } from '../../../components/FilterBar';
import { PagedTable } from '../../../components/PagedTable';
import { type FilterDef, csvHref } from '../../../lib/filterDefs';
import { LIST_DEFAULTS, useListView, useTotalSync } from '../../../lib/useListView';
import { formatDateTime } from '../../../components/dates';
import { ClaimSettingsCard } from './ClaimSettingsCard';
import { billingKeys, billingQueries } from './queries';

type Row = Answer<'list_claims'>['list'][number];
const DUNNING = ['in_progress', 'completed', 'skipped'] as const;
const STRATEGIES = ['dunning', 'dunning_inkasso', 'inkasso'] as const;
const STAGES = ['first', 'second', 'third'] as const;
const DEFAULTS = { ...LIST_DEFAULTS, sortKey: 'opened_at' };

/** "Claims and dunning" (core §2 implied screen): every unpaid rate's claim, its stage and outcome; the seller
 * resolves one by hand or pauses its reminders; the claim settings above. */
export default function ClaimsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const defs = useMemo<FilterDef[]>(
    () => [
      { key: 'opened', type: 'relative_date_range', label: t('filters.opened'), days: true },
      { key: 'dunning', type: 'multi_select', label: t('billing.dunning'), options: DUNNING.map((s) => ({ value: s, label: t(`billing.dunningState.${s}`) })) },
      { key: 'strategy', type: 'multi_select', label: t('billing.strategy'), options: STRATEGIES.map((s) => ({ value: s, label: t(`billing.strategyName.${s}`) })) },
      { key: 'stage', type: 'multi_select', label: t('billing.stage'), options: STAGES.map((s) => ({ value: s, label: t(`billing.stageName.${s}`) })) },
      { key: 'charges', type: 'number_range', label: t('billing.attempts'), min: 0, max: 10000 },
    ],
    [t],
  );
  const view = useListView(DEFAULTS, defs);
  const list = useQuery({ ...billingQueries.claims(view.apiQuery), placeholderData: keepPreviousData, refetchInterval: 3000 });
  useTotalSync(view.list.syncTotal, list.data?.totalCount, list.isPlaceholderData);
  const act = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'resolve' | 'pause_dunning' | 'resume_dunning' }) =>
      cabinetApi.claimAction(id, action),
    onSuccess: () => {
      toast(t('billing.actionSent'), 'success');
      void qc.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('nav.claims')}
      </Typography>
      <ClaimSettingsCard />
      <FilterBar defs={defs} filters={view.state.filters} onApply={view.list.applyFilters} list="claims" csv={csvHref('/v1/cabinet/claims/csv', view.apiQuery)} />
      <PagedTable<Row>
        rows={list.data?.list ?? []}
        rowKey={(r) => r.id}
        loading={list.isFetching && !list.data}
        empty={t('billing.noClaims')}
        count={list.data?.totalCount}
        {...view.pager}
        columns={[
          { key: 'opened', label: t('billing.opened'), wide: true, render: (r) => formatDateTime(r.openedAt) },
          {
            key: 'order',
            label: t('billing.order'),
            render: (r) => (
              <Link component={RouterLink} to={`/cabinet/orders/${r.orderToken}`}>
                {r.productName} · {t('billing.rate')} {r.rate}
              </Link>
            ),
          },
          { key: 'amount', label: t('billing.amount'), align: 'right', render: (r) => <Money amount={r.amount} currency={r.currency} /> },
          { key: 'strategy', label: t('billing.strategy'), wide: true, render: (r) => t(`billing.strategyName.${r.strategy}`) },
          { key: 'decline', label: t('billing.decline'), wide: true, render: (r) => t(`billing.declineKind.${r.decline}`) },
          { key: 'stage', label: t('billing.stage'), render: (r) => (r.stage ? t(`billing.stageName.${r.stage}`) : '—') },
          { key: 'dunning', label: t('billing.dunning'), render: (r) => t(`billing.dunningState.${r.dunning}`) },
          { key: 'inkasso', label: t('billing.inkasso'), wide: true, render: (r) => t(`billing.inkassoStatus.${r.inkasso}`) },
          {
            key: 'outcome',
            label: t('billing.outcome'),
            render: (r) =>
              r.outcome ? (
                <Chip size="small" color={r.outcome === 'collected' ? 'success' : r.outcome === 'not_collected' ? 'error' : 'default'} label={t(`billing.outcomeName.${r.outcome}`)} />
              ) : (
                <Chip size="small" color="warning" variant="outlined" label={t('billing.open')} />
              ),
          },
          { key: 'charges', label: t('billing.attempts'), align: 'right', wide: true, render: (r) => r.charges },
          {
            key: 'actions',
            label: '',
            render: (r) =>
              r.closedAt ? null : (
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  <Button size="small" onClick={() => act.mutate({ id: r.id, action: 'resolve' })}>{t('billing.resolve')}</Button>
                  {r.inkasso !== 'no' && r.inkasso !== 'not_ready_for_inkasso' ? null : r.pausedAt ? (
                    <>
                      <Chip size="small" color="warning" label={t('billing.dunningPaused')} data-testid={`claim-paused-${r.id}`} />
                      <Button size="small" onClick={() => act.mutate({ id: r.id, action: 'resume_dunning' })}>{t('billing.resumeDunning')}</Button>
                    </>
                  ) : (
                    <Button size="small" onClick={() => act.mutate({ id: r.id, action: 'pause_dunning' })}>{t('billing.pauseDunning')}</Button>
                  )}
                </Box>
              ),
          },
        ]}
      />
    </>
  );
}
