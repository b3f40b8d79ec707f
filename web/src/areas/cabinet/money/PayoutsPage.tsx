import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../api/cabinet';
import type { Answer } from '../../../api/sdk';
import { toast } from '../../../app/notify';
import { Money, useMoney } from '../../../components/Money';
import { formatDateTime } from '../../../components/dates';
import { parseMoneyInput } from '../../../lib/money';
import { PagedTable } from '../../../components/PagedTable';
import { FilterBar } from '../../../components/FilterBar';
import { type FilterDef, csvHref } from '../../../lib/filterDefs';
import { LIST_DEFAULTS, useListView, useTotalSync } from '../../../lib/useListView';
import { moneyKeys, moneyQueries } from './queries';

type Row = Answer<'list_payouts'>['list'][number];
type Schedule = Answer<'get_payouts'>['settings']['schedule'];

/** The balance as one bar: available (may leave on the next run) and held (sales inside the hold). */
function BalanceBar({ available, held, currency }: { available: number; held: number; currency: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const total = available + held;
  const share = total ? (available / total) * 100 : 0;
  return (
    <Box>
      <Box
        role="img"
        aria-label={`${t('money.available')} ${money(available, currency)}, ${t('money.held')} ${money(held, currency)}`}
        sx={{ display: 'flex', height: 16, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
      >
        <Box sx={{ width: `${share}%`, bgcolor: 'success.main' }} />
        <Box sx={{ width: `${total ? 100 - share : 0}%`, bgcolor: 'warning.light' }} />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
        <Typography variant="caption">
          {t('money.available')}: {money(available, currency)}
        </Typography>
        <Typography variant="caption">
          {t('money.held')}: {money(held, currency)}
        </Typography>
      </Box>
    </Box>
  );
}

/** `/cabinet/payouts`: the balance split, the schedule, why the next payout waits, and the payouts so far. */
export default function PayoutsPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const qc = useQueryClient();
  const data = useQuery({ ...moneyQueries.payouts(), refetchInterval: 5000 });
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
  const [form, setForm] = useState<{ schedule: Schedule; minimum: string; holdDays: string } | null>(null);
  useEffect(() => {
    if (data.data && form === null) {
      const s = data.data.settings;
      setForm({ schedule: s.schedule, minimum: `${Math.floor(s.minimum / 100)}.${String(s.minimum % 100).padStart(2, '0')}`, holdDays: String(s.holdDays) });
    }
  }, [data.data, form]);
  const save = useMutation({
    mutationFn: () =>
      cabinetApi.savePayoutSettings({
        schedule: form?.schedule ?? 'weekly',
        minimum: parseMoneyInput(form?.minimum ?? '0') ?? 0,
        holdDays: Number(form?.holdDays ?? 0) || 0,
      }),
    onSuccess: () => {
      toast(t('common.saved'), 'success');
      void qc.invalidateQueries({ queryKey: moneyKeys.payouts() });
    },
  });
  const cashout = useMutation({
    mutationFn: () => cabinetApi.cashout(),
    onSuccess: () => {
      toast(t('money.cashoutRequested'), 'success');
      void qc.invalidateQueries({ queryKey: moneyKeys.payouts() });
    },
  });
  const d = data.data;
  // the cashout is offered whenever something may leave now; otherwise the reason stands beside it
  const blockers = ['not_legitimated', 'no_bank_account', 'payouts_limited'];
  const cashoutBlocked = !d
    ? null
    : d.waitingReason && blockers.includes(d.waitingReason)
      ? t(`money.waiting.${d.waitingReason}`)
      : d.available <= 0
        ? d.held > 0
          ? t('money.cashoutHeld')
          : t('money.waiting.nothing_available')
        : null;
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('nav.payouts')}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper sx={{ p: 2 }}>
            <Typography variant="subtitle1">{t('money.balance')}</Typography>
            {d ? <BalanceBar available={d.available} held={d.held} currency={d.currency} /> : <Skeleton height={40} />}
            {d?.waitingReason ? (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t(`money.waiting.${d.waitingReason}`)}
              </Alert>
            ) : null}
            {d?.nextRunAt ? (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('money.nextRun', { at: formatDateTime(d.nextRunAt) })}
              </Typography>
            ) : null}
            {d?.releases.length ? (
              <Box sx={{ mt: 2 }} data-testid="payout-releases">
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {t('money.heldUntil', { days: d.settings.holdDays })}
                </Typography>
                {d.releases.slice(0, 10).map((r) => (
                  <Typography key={r.releaseAt} variant="body2" color="text.secondary">
                    {t('money.release', { amount: money(r.amount, d.currency), at: formatDateTime(r.releaseAt) })}
                  </Typography>
                ))}
                {d.releases.length > 10 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('money.moreReleases', { count: d.releases.length - 10 })}
                  </Typography>
                ) : null}
              </Box>
            ) : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
              <Button variant="outlined" disabled={!d || cashoutBlocked !== null || cashout.isPending} onClick={() => cashout.mutate()} data-testid="cashout">
                {t('money.cashout')}
              </Button>
              {d && cashoutBlocked ? (
                <Typography variant="body2" color="text.secondary" data-testid="cashout-blocked">
                  {cashoutBlocked}
                </Typography>
              ) : null}
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper sx={{ p: 2 }}>
            <Typography variant="subtitle1">{t('money.schedule')}</Typography>
            {form ? (
              <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
                <TextField select size="small" label={t('money.schedule')} value={form.schedule} onChange={(e) => setForm({ ...form, schedule: e.target.value as Schedule })}>
                  {(['daily', 'weekly', 'monthly'] as const).map((s) => (
                    <MenuItem key={s} value={s}>
                      {t(`enums.payoutSchedule.${s}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField size="small" label={t('money.minimum')} value={form.minimum} onChange={(e) => setForm({ ...form, minimum: e.target.value })} />
                <TextField size="small" type="number" label={t('money.holdDays')} value={form.holdDays} onChange={(e) => setForm({ ...form, holdDays: e.target.value })} />
                <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate()}>
                  {t('common.save')}
                </Button>
              </Box>
            ) : (
              <Skeleton height={160} />
            )}
          </Paper>
        </Grid>
      </Grid>
      <FilterBar defs={defs} filters={view.state.filters} onApply={view.list.applyFilters} list="payouts" csv={csvHref('/v1/cabinet/payouts/csv', view.apiQuery)} />
      <PagedTable<Row>
        rows={payouts.data?.list ?? []}
        rowKey={(r) => r.number}
        loading={payouts.isFetching && !payouts.data}
        error={payouts.error}
        onRetry={() => void payouts.refetch()}
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
