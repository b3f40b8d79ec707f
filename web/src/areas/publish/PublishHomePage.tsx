import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../api/sdk.gen';
import { ErrorState } from '../../components/ErrorState';
import { Figures } from '../../components/Figures';
import { useMoney } from '../../components/Money';
import { PublisherOnly } from './usePublisher';
import { guardedPage } from '../../components/Page';

function Home() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const theme = useTheme();
  const data = useQuery({ queryKey: ['publish', 'overview'], queryFn: ({ signal }) => sdk.publisherOverview({ signal }) });
  if (data.isPending) return <Skeleton variant="rounded" height={320} />;
  if (data.isError) return <ErrorState error={data.error} onRetry={() => void data.refetch()} />;
  const d = data.data;
  const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const labels = d.days.map((x) => day.format(new Date(`${x.day}T00:00:00Z`)));
  return (
    <>
      <Figures
        items={[
          { label: t('money.available'), value: money(d.available, d.currency), testId: 'publish-available' },
          { label: t('money.held'), value: money(d.held, d.currency), testId: 'publish-held' },
          { label: t('publish.earned'), value: money(d.earned, d.currency), testId: 'publish-earned' },
          { label: t('publish.clicks'), value: String(d.clicks), testId: 'publish-clicks' },
          { label: t('publish.orders'), value: String(d.orders), testId: 'publish-orders' },
          { label: t('publish.activePrograms'), value: String(d.activePrograms), testId: 'publish-programs' },
        ]}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper sx={{ p: 2 }} role="figure" aria-label={t('publish.trafficChart')} data-testid="chart-traffic">
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('publish.trafficChart')}
            </Typography>
            <BarChart
              height={240}
              xAxis={[{ scaleType: 'band', data: labels }]}
              yAxis={[{ tickMinStep: 1, width: 40 }]}
              series={[
                { id: 'clicks', label: t('publish.clicks'), data: d.days.map((x) => x.clicks), color: theme.palette.primary.light },
                { id: 'orders', label: t('publish.orders'), data: d.days.map((x) => x.orders), color: theme.palette.success.main },
              ]}
            />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper sx={{ p: 2 }} role="figure" aria-label={t('publish.earnedChart')} data-testid="chart-earned">
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('publish.earnedChart')}
            </Typography>
            <LineChart
              height={240}
              xAxis={[{ scaleType: 'point', data: labels }]}
              yAxis={[{ valueFormatter: (v: number | null) => (v == null ? '' : money(v, d.currency)), width: 72 }]}
              series={[
                {
                  id: 'earned',
                  label: t('publish.earned'),
                  data: d.days.map((x) => x.earned),
                  area: true,
                  color: theme.palette.primary.main,
                  valueFormatter: (v: number | null) => (v == null ? '' : money(v, d.currency)),
                },
              ]}
            />
          </Paper>
        </Grid>
      </Grid>
    </>
  );
}

/** `/publish`: the publisher's balance, totals and the last 30 days in two charts. */
export default guardedPage('publish.homeTitle', PublisherOnly, Home);
