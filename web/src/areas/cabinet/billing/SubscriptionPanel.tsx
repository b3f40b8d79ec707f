import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../api/cabinet';
import { toast } from '../../../app/notify';
import { useMoney } from '../../../components/Money';
import { formatDate } from '../../../components/dates';
import { RateChip } from './RateChip';
import { billingKeys, billingQueries } from './queries';

type Action = 'cancel_now' | 'cancel_at_period_end' | 'pause' | 'resume';

/** A recurring order's subscription in the order view: its phase, rates paid of all, the rate table and the
 * seller's actions (pause, resume, cancel now or at the period's end). */
export function SubscriptionPanel({ token }: { token: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const qc = useQueryClient();
  const sub = useQuery({ ...billingQueries.subscription(token), refetchInterval: 3000 });
  const act = useMutation({
    mutationFn: (action: Action) => cabinetApi.subscriptionAction(token, action),
    onSuccess: () => {
      toast(t('billing.actionSent'), 'success');
      void qc.invalidateQueries({ queryKey: billingKeys.subscription(token) });
      void qc.invalidateQueries({ queryKey: ['order', token] });
    },
  });
  if (sub.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (sub.isError || !sub.data) return null;
  const s = sub.data;
  const paid = s.rates.filter((r) => r.state === 'paid').length;
  const count = s.paymentsCount ?? null;
  const run = (action: Action) => {
    if (action === 'cancel_now' && !window.confirm(t('billing.confirmCancelNow'))) return;
    act.mutate(action);
  };
  return (
    <Stack spacing={2} data-testid="subscription-panel">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {s.phase ? <Chip sx={{ alignSelf: 'flex-start' }} color={s.phase === 'active' ? 'success' : s.phase === 'paused' ? 'warning' : 'default'} label={t(`billing.phase.${s.phase}`)} /> : null}
        <Typography variant="body2">
          {count ? t('billing.ratesOf', { paid, count }) : t('billing.ratesPaid', { count: paid })}
          {' · '}
          {s.nextDue ? t('billing.nextDue', { date: formatDate(s.nextDue) }) : t('billing.noNextDue')}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {s.phase === 'active' || s.phase === 'paused' ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {s.phase === 'active' ? <Button size="small" onClick={() => run('pause')}>{t('billing.pause')}</Button> : null}
            {s.phase === 'paused' ? <Button size="small" onClick={() => run('resume')}>{t('billing.resume')}</Button> : null}
            <Button size="small" onClick={() => run('cancel_at_period_end')}>{t('billing.cancelAtPeriodEnd')}</Button>
            <Button size="small" color="error" onClick={() => run('cancel_now')}>{t('billing.cancelNow')}</Button>
          </Box>
        ) : null}
      </Stack>
      {count ? <LinearProgress variant="determinate" value={(paid / count) * 100} sx={{ height: 8, borderRadius: 4 }} aria-label={`${paid} / ${count}`} /> : null}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="order-rates">
          <TableHead>
            <TableRow>
              <TableCell>{t('billing.rate')}</TableCell>
              <TableCell>{t('billing.dueOn')}</TableCell>
              <TableCell align="right">{t('billing.amount')}</TableCell>
              <TableCell>{t('billing.state')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.rates.filter((r) => r.state !== 'skipped').map((r) => (
              <TableRow key={r.number} data-testid={`subscription-rate-${r.number}`}>
                <TableCell>{r.number}</TableCell>
                <TableCell>{formatDate(r.dueOn)}</TableCell>
                <TableCell align="right">{money(r.amount, s.currency)}</TableCell>
                <TableCell>
                  <RateChip state={r.state} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}
