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
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../api/sdk';
import * as sdk from '../../api/sdk.gen';
import { ErrorState } from '../../components/ErrorState';
import { Money, useMoney } from '../../components/Money';
import { PagedTable } from '../../components/PagedTable';
import { PublisherOnly } from './usePublisher';

type Stats = Answer<'publisher_statistics_of'>;
type Group = Stats['programs'][number];
type GroupTab = 'programs' | 'products' | 'sellers' | 'affiliates';
const RANGES = [7, 30, 90, 365] as const;
/** The five screens of core §2, each at its own address. */
type Screen = { path: string; view: 'statistic' | GroupTab };
const OVERVIEW: Screen = { path: '/publish/statistics', view: 'statistic' };
const TABS: Screen[] = [
  OVERVIEW,
  { path: '/publish/statistics_programs', view: 'programs' },
  { path: '/publish/statistics_products', view: 'products' },
  { path: '/publish/statistics_sellers', view: 'sellers' },
  { path: '/publish/statistics_affiliate', view: 'affiliates' },
];

/** `/publish/statistics…`: what the publisher's links brought and earned, by day, program, product, shop and the
 * publishers they brought in. */
export default function PublishStatisticsPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = TABS.find((x) => x.path === pathname) ?? OVERVIEW;
  const [days, setDays] = useState<number>(30);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1">
          {t('publish.statisticsTitle')}
        </Typography>
        <TextField select size="small" label={t('affiliates.range')} value={days} onChange={(e) => setDays(Number(e.target.value))} sx={{ minWidth: 180 }} data-testid="stats-range">
          {RANGES.map((r) => (
            <MenuItem key={r} value={r}>
              {t('affiliates.lastDays', { count: r })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Tabs value={current.path} variant="scrollable" allowScrollButtonsMobile aria-label={t('publish.statisticsTitle')}>
        {TABS.map((x) => (
          <Tab key={x.path} value={x.path} label={t(`publish.statTabs.${x.view}`)} component={RouterLink} to={x.path} data-testid={`stats-${x.view}`} />
        ))}
      </Tabs>
      <PublisherOnly>
        <Figures days={days} view={current.view} />
      </PublisherOnly>
    </Stack>
  );
}

function Figures({ days, view }: { days: number; view: 'statistic' | GroupTab }) {
  const { t } = useTranslation();
  const stats = useQuery({
    queryKey: ['publish', 'statistics', days],
    queryFn: ({ signal }) => sdk.publisherStatisticsOf({ days }, { signal }),
    placeholderData: keepPreviousData,
  });
  if (stats.isPending) return <Skeleton variant="rounded" height={320} />;
  if (stats.isError) return <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />;
  if (view === 'statistic') return <Overview stats={stats.data} />;
  return (
    <PagedTable<Group>
      label={t(`publish.statTabs.${view}`)}
      rows={stats.data[view]}
      rowKey={(r) => r.key}
      loading={stats.isFetching}
      empty={t(`publish.statEmpty.${view}`)}
      columns={[
        { key: 'name', label: t(`publish.statName.${view}`), render: (r) => r.name || '—' },
        ...(view === 'sellers' ? [{ key: 'clicks', label: t('publish.clicks'), align: 'right' as const, render: (r: Group) => r.figures.clicks }] : []),
        { key: 'orders', label: t('publish.orders'), align: 'right', render: (r) => r.figures.orders },
        { key: 'revenue', label: t('affiliates.revenue'), align: 'right', wide: true, render: (r) => <Money amount={r.figures.revenue} currency="eur" /> },
        { key: 'earned', label: t('publish.earned'), align: 'right', render: (r) => <Money amount={r.figures.earned} currency="eur" /> },
      ]}
    />
  );
}

function Overview({ stats }: { stats: Stats }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const theme = useTheme();
  const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const labels = stats.series.map((x) => day.format(new Date(`${x.day}T00:00:00Z`)));
  const fmt = (v: number | null) => (v == null ? '' : money(v, 'eur'));
  const figures: [string, string, string][] = [
    ['clicks', t('publish.clicks'), String(stats.total.clicks)],
    ['orders', t('publish.orders'), String(stats.total.orders)],
    ['revenue', t('affiliates.revenue'), money(stats.total.revenue, 'eur')],
    ['earned', t('publish.earned'), money(stats.total.earned, 'eur')],
  ];
  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        {figures.map(([key, label, value]) => (
          <Grid key={key} size={{ xs: 6, md: 3 }}>
            <Paper sx={{ p: 2 }}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid={`stat-${key}`}>
                {value}
              </Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper sx={{ p: 2 }} role="figure" aria-label={t('affiliates.trafficChart')}>
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
          <Paper sx={{ p: 2 }} role="figure" aria-label={t('publish.earnedByDay')}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('publish.earnedByDay')}
            </Typography>
            <LineChart
              height={240}
              xAxis={[{ scaleType: 'point', data: labels }]}
              yAxis={[{ valueFormatter: fmt, width: 72 }]}
              series={[{ id: 'earned', label: t('publish.earned'), data: stats.series.map((x) => x.figures.earned), color: theme.palette.success.main, valueFormatter: fmt }]}
            />
          </Paper>
        </Grid>
      </Grid>
    </Stack>
  );
}
