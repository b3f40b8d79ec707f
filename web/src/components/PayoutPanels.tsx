import { useEffect, useState } from 'react';
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
import type { Answer, Body } from '../api/sdk';
import { toast } from '../app/notify';
import { parseMoneyInput } from '../lib/money';
import { useMoney } from './Money';
import { formatDateTime } from './dates';

export type PayoutOverview = Answer<'get_payouts'>;
type Schedule = PayoutOverview['settings']['schedule'];

/** Where a payee's payouts come from: a seller's cabinet, a publisher's area. */
export interface PayoutSource {
  queryKey: readonly unknown[];
  load: (signal?: AbortSignal) => Promise<PayoutOverview>;
  save: (settings: Body<'save_payout_settings'>) => Promise<unknown>;
  cashout: () => Promise<unknown>;
}

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

/** A payee's balance split with why the next payout waits and the cashout, beside the payout schedule. */
export function PayoutPanels({ source }: { source: PayoutSource }) {
  const { t } = useTranslation();
  const money = useMoney();
  const qc = useQueryClient();
  const data = useQuery({ queryKey: source.queryKey, queryFn: ({ signal }) => source.load(signal), refetchInterval: 5000 });
  const [form, setForm] = useState<{ schedule: Schedule; minimum: string; holdDays: string } | null>(null);
  useEffect(() => {
    if (data.data && form === null) {
      const s = data.data.settings;
      setForm({ schedule: s.schedule, minimum: `${Math.floor(s.minimum / 100)}.${String(s.minimum % 100).padStart(2, '0')}`, holdDays: String(s.holdDays) });
    }
  }, [data.data, form]);
  const save = useMutation({
    mutationFn: () =>
      source.save({
        schedule: form?.schedule ?? 'weekly',
        minimum: parseMoneyInput(form?.minimum ?? '0') ?? 0,
        holdDays: Number(form?.holdDays ?? 0) || 0,
      }),
    onSuccess: () => {
      toast(t('common.saved'), 'success');
      void qc.invalidateQueries({ queryKey: source.queryKey });
    },
  });
  const cashout = useMutation({
    mutationFn: () => source.cashout(),
    onSuccess: () => {
      toast(t('money.cashoutRequested'), 'success');
      void qc.invalidateQueries({ queryKey: source.queryKey });
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
  );
}
