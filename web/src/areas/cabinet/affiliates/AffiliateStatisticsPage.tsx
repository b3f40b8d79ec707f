import { useState } from 'react';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../../api/sdk';
import * as sdk from '../../../api/sdk.gen';
import { ErrorState } from '../../../components/ErrorState';
import { Money, useMoney } from '../../../components/Money';
import { PagedTable } from '../../../components/PagedTable';

type Stats = Answer<'affiliate_statistics'>;
type View = 'statistic' | 'programs' | 'publishers';
const RANGES = [7, 30, 90, 365] as const;

/** `/cabinet/affiliate_statistics` (editor §2 tabs statistic, programs, publishers): what the seller's publishers
 * brought and cost, by day, by program and by publisher. */
export default function AffiliateStatisticsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<View>('statistic');
  const [days, setDays] = useState<number>(30);
  const stats = useQuery({
    queryKey: ['affiliate-statistics', days],
    queryFn: ({ signal }) => sdk.affiliateStatistics({ days }, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1">
          {t('affiliates.statisticsTitle')}
        </Typography>
        <TextField select size="small" label={t('affiliates.range')} value={days} onChange={(e) => setDays(Number(e.target.value))} sx={{ minWidth: 180 }} data-testid="stats-range">
          {RANGES.map((r) => (
            <MenuItem key={r} value={r}>
              {t('affiliates.lastDays', { count: r })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Tabs value={tab} onChange={(_, v: View) => setTab(v)} variant="scrollable" allowScrollButtonsMobile aria-label={t('affiliates.statisticsTitle')}>
        <Tab value="statistic" label={t('affiliates.tabs.statistic')} />
        <Tab value="programs" label={t('affiliates.tabs.programs')} data-testid="stats-programs" />
        <Tab value="publishers" label={t('affiliates.tabs.publishers')} data-testid="stats-publishers" />
      </Tabs>
      {stats.isPending ? (
        <Skeleton variant="rounded" height={320} />
      ) : stats.isError ? (
        <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />
      ) : tab === 'statistic' ? (
        <Overview stats={stats.data} />
      ) : tab === 'programs' ? (
        <PagedTable<Stats['programs'][number]>
          rows={stats.data.programs}
          rowKey={(r) => r.id}
          loading={stats.isFetching}
          empty={t('affiliates.programsEmpty')}
          columns={[
            { key: 'name', label: t('affiliates.program'), render: (r) => r.name },
            { key: 'publishers', label: t('affiliates.publishers'), align: 'right', wide: true, render: (r) => r.publishers },
            ...figureColumns(t),
          ]}
        />
      ) : (
        <PagedTable<Stats['publishers'][number]>
          rows={stats.data.publishers}
          rowKey={(r) => r.publisherId}
          loading={stats.isFetching}
          empty={t('affiliates.nodesEmpty')}
          columns={[
            {
              key: 'name',
              label: t('affiliates.publisher'),
              render: (r) => (
                <>
                  <Typography variant="body2">{r.name || r.email}</Typography>
                  {r.name ? (
                    <Typography variant="caption" color="text.secondary">
                      {r.email}
                    </Typography>
                  ) : null}
                </>
              ),
            },
            { key: 'clicks', label: t('publish.clicks'), align: 'right', render: (r) => r.figures.clicks },
            ...figureColumns(t),
          ]}
        />
      )}
    </Stack>
  );
}

function figureColumns<R extends { figures: Stats['total'] }>(t: (k: string) => string) {
  return [
    { key: 'orders', label: t('publish.orders'), align: 'right' as const, render: (r: R) => r.figures.orders },
    { key: 'revenue', label: t('affiliates.revenue'), align: 'right' as const, render: (r: R) => <Money amount={r.figures.revenue} currency="eur" /> },
    { key: 'commission', label: t('affiliates.commissionCost'), align: 'right' as const, render: (r: R) => <Money amount={r.figures.commission} currency="eur" /> },
  ];
}

function Overview({ stats }: { stats: Stats }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const theme = useTheme();
  const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const labels = stats.series.map((x) => day.format(new Date(`${x.day}T00:00:00Z`)));
  const fmt = (v: number | null) => (v == null ? '' : money(v, 'eur'));
  const figures: [string, string][] = [
    [t('publish.clicks'), String(stats.total.clicks)],
    [t('publish.orders'), String(stats.total.orders)],
    [t('affiliates.revenue'), money(stats.total.revenue, 'eur')],
    [t('affiliates.commissionCost'), money(stats.total.commission, 'eur')],
  ];
  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        {figures.map(([label, value]) => (
          <Grid key={label} size={{ xs: 6, md: 3 }}>
            <Paper sx={{ p: 2 }}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
                {value}
              </Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper sx={{ p: 2 }} role="figure" aria-label={t('affiliates.trafficChart')} data-testid="stats-traffic">
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('affiliates.trafficChart')}
            </Typography>
            <BarChart
              height={240}
              xAxis={[{ scaleType: 'band', data: labels }]}
              yAxis={[{ tickMinStep: 1, width: 40 }]}
              series={[
                { id: 'clicks', label: t('publish.clicks'), data: stats.series.map((x) => x.figures.clicks), color: theme.palette.primary.light },
                { id: 'orders', label: t('publish.orders'), data: stats.series.map((x) => x.figures.orders), color: theme.palette.success.main },
              ]}
            />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper sx={{ p: 2 }} role="figure" aria-label={t('affiliates.moneyChart')} data-testid="stats-money">
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('affiliates.moneyChart')}
            </Typography>
            <LineChart
              height={240}
              xAxis={[{ scaleType: 'point', data: labels }]}
              yAxis={[{ valueFormatter: fmt, width: 72 }]}
              series={[
                { id: 'revenue', label: t('affiliates.revenue'), data: stats.series.map((x) => x.figures.revenue), color: theme.palette.success.main, valueFormatter: fmt },
                { id: 'commission', label: t('affiliates.commissionCost'), data: stats.series.map((x) => x.figures.commission), color: theme.palette.warning.main, valueFormatter: fmt },
              ]}
            />
          </Paper>
        </Grid>
      </Grid>
    </Stack>
  );
}
