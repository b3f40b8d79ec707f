import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { recoveryApi } from '../../../api/recovery';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { useMoney } from '../../../components/Money';
import { BarChart } from './BarChart';
import { isEmpty, moneyByMonth, monthLabel, RANGES, rangeQuery, STAGES, type Series, totals } from './recoverySeries';

const STAGE_COLOR: Record<(typeof STAGES)[number], (t: Theme) => string> = {
  beforeFirstReminder: (t) => t.palette.success.light,
  first: (t) => t.palette.success.main,
  second: (t) => t.palette.success.dark,
  third: (t) => t.palette.info.main,
  inkasso: (t) => t.palette.secondary.main,
};

/** "Recovery": monthly recurring revenue, new and churned subscriptions, and how much failed money each dunning
 * and debt collection stage brought back, month by month. */
export default function RecoveryPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const [months, setMonths] = useState<number>(12);
  const [picked, setPicked] = useState('');
  const query = rangeQuery(months, new Date());
  const data = useQuery({
    queryKey: ['recovery', query],
    queryFn: ({ signal }) => recoveryApi.analytics(query, signal),
    placeholderData: keepPreviousData,
  });
  const a = data.data;
  const currency = a?.currencies.includes(picked) ? picked : (a?.currencies[0] ?? 'eur');
  const labels = useMemo(() => (a ? a.months.map((m) => monthLabel(m.month, i18n.language)) : []), [a, i18n.language]);
  const byMonth = useMemo(() => (a ? moneyByMonth(a, currency) : []), [a, currency]);
  const sum = totals(byMonth);
  const fmt = (v: number) => money(v, currency);
  const count = (v: number) => String(Math.round(v));

  const mrrSeries: Series[] = [
    { key: 'mrr', label: t('recovery.mrr'), values: byMonth.map((m) => m.mrr), color: (th) => th.palette.primary.main },
  ];
  const subsSeries: Series[] = a
    ? [
        { key: 'new', label: t('recovery.new'), values: a.months.map((m) => m.new), color: (th) => th.palette.primary.main },
        {
          key: 'voluntary',
          label: t('recovery.voluntaryChurn'),
          values: a.months.map((m) => m.voluntaryChurn),
          color: (th) => th.palette.warning.main,
        },
        {
          key: 'involuntary',
          label: t('recovery.involuntaryChurn'),
          values: a.months.map((m) => m.involuntaryChurn),
          color: (th) => th.palette.error.main,
        },
      ]
    : [];
  const recoveredSeries: Series[] = [
    ...STAGES.map((s) => ({
      key: s,
      label: t(`recovery.stage.${s}`),
      values: byMonth.map((m) => m.recovered[s]),
      color: STAGE_COLOR[s],
    })),
    { key: 'lost', label: t('recovery.lost'), values: byMonth.map((m) => m.lost), color: (th) => th.palette.error.light },
  ];

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            {t('nav.recovery')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('recovery.intro')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={2}>
          <TextField
            select
            size="small"
            label={t('recovery.range')}
            value={months}
            onChange={(e) => setMonths(Number(e.target.value))}
            sx={{ minWidth: 160 }}
          >
            {RANGES.map((n) => (
              <MenuItem key={n} value={n}>
                {t('recovery.lastMonths', { count: n })}
              </MenuItem>
            ))}
          </TextField>
          {a && a.currencies.length > 1 ? (
            <TextField
              select
              size="small"
              label={t('recovery.currency')}
              value={currency}
              onChange={(e) => setPicked(e.target.value)}
              sx={{ minWidth: 110 }}
            >
              {a.currencies.map((c) => (
                <MenuItem key={c} value={c}>
                  {c.toUpperCase()}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </Stack>
      </Stack>

      {data.isError ? (
        <Paper>
          <ErrorState error={data.error} onRetry={() => void data.refetch()} />
        </Paper>
      ) : !a ? (
        <Stack spacing={2} data-testid="recovery-loading">
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={240} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : isEmpty(a) ? (
        <Paper>
          <EmptyState title={t('recovery.empty')}>
            <Link component={RouterLink} to="/cabinet/products">
              {t('recovery.emptyAction')}
            </Link>
          </EmptyState>
        </Paper>
      ) : (
        <Stack spacing={2}>
          <Box
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
            data-testid="recovery-totals"
          >
            <Figure label={t('recovery.mrrNow')} value={fmt(sum.mrr)} />
            <Figure label={t('recovery.failed')} value={fmt(sum.failed)} />
            <Figure label={t('recovery.recovered')} value={fmt(sum.recovered)} />
            <Figure
              label={t('recovery.rate')}
              value={sum.rate === null ? '—' : `${Math.round(sum.rate * 100)} %`}
              hint={t('recovery.rateHint')}
            />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
            <Paper sx={{ p: 2 }}>
              <BarChart title={t('recovery.mrrTitle')} labels={labels} series={mrrSeries} format={fmt} testId="chart-mrr" />
            </Paper>
            <Paper sx={{ p: 2 }}>
              <BarChart
                title={t('recovery.subscriptionsTitle')}
                labels={labels}
                series={subsSeries}
                format={count}
                testId="chart-subscriptions"
              />
            </Paper>
          </Box>
          <Paper sx={{ p: 2 }}>
            <BarChart
              title={t('recovery.recoveredTitle')}
              labels={labels}
              series={recoveredSeries}
              stacked
              format={fmt}
              height={220}
              testId="chart-recovered"
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('recovery.recoveredExplain')}
            </Typography>
          </Paper>
          <Paper>
            {/* a table wider than a phone scrolls sideways: its region takes the keyboard's focus to scroll */}
            <TableContainer tabIndex={0} role="region" aria-label={t('recovery.tableLabel')}>
              <Table size="small" data-testid="recovery-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('recovery.month')}</TableCell>
                    <TableCell align="right">{t('recovery.mrr')}</TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {t('recovery.active')}
                    </TableCell>
                    <TableCell align="right">{t('recovery.failed')}</TableCell>
                    {STAGES.map((s) => (
                      <TableCell key={s} align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                        {t(`recovery.stage.${s}`)}
                      </TableCell>
                    ))}
                    <TableCell align="right">{t('recovery.recovered')}</TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {t('recovery.stillOpen')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {a.months.map((m, i) => {
                    const x = byMonth[i]!;
                    const recovered = STAGES.reduce((s, k) => s + x.recovered[k], 0);
                    return (
                      <TableRow key={m.month}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{labels[i]}</TableCell>
                        <TableCell align="right">{fmt(x.mrr)}</TableCell>
                        <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                          {m.active}
                        </TableCell>
                        <TableCell align="right">{fmt(x.failed)}</TableCell>
                        {STAGES.map((s) => (
                          <TableCell key={s} align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                            {fmt(x.recovered[s])}
                          </TableCell>
                        ))}
                        <TableCell align="right">{fmt(recovered)}</TableCell>
                        <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                          {fmt(x.stillOpen)}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          </Paper>
        </Stack>
      )}
    </>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary" title={hint}>
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Paper>
  );
}
