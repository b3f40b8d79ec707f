import { actingSeller } from '../../../api/acting';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/useCurrentUser';
import { EmptyState } from '../../../components/EmptyState';
import { useMoney } from '../../../components/Money';
import { StatusChip } from '../../../components/StatusChip';
import { formatDateTime } from '../../../components/dates';
import { AccountClosingBanner } from '../account/AccountClosingBanner';
import { SellReadiness } from './SellReadiness';
import { axisTicks, dailyCounts, sparklinePoints } from './sparkline';
import { orderQueries } from '../orders/queries';
import { productQueries } from '../products/queries';

const DAYS = 14;

function Stat({ label, value, loading }: { label: string; value: ReactNode; loading: boolean }) {
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p">
        {loading ? <Skeleton width={60} /> : value}
      </Typography>
    </Paper>
  );
}

/** The orders per day with its axes: the highest count on the left, dates (DD.MM) under the line. */
function Sparkline({ days, label }: { days: { day: string; count: number }[]; label: string }) {
  const width = 560;
  const height = 120;
  const values = days.map((d) => d.count);
  const points = sparklinePoints(values, width, height, 8);
  const ticks = axisTicks(days.map((d) => d.day), 5);
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', pb: 3 }}>
        <Typography variant="caption" color="text.secondary">
          {Math.max(0, ...values)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          0
        </Typography>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <svg viewBox={`0 0 ${width} ${height}`} width="100%" height={height} role="img" aria-label={label} data-testid="orders-sparkline" preserveAspectRatio="none">
          <polyline points={`8,${height - 8} ${points} ${width - 8},${height - 8}`} fill="rgba(15,118,110,0.10)" stroke="none" />
          <polyline points={points} fill="none" stroke="#0f766e" strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" />
        </svg>
        <Box sx={{ display: 'flex', justifyContent: 'space-between' }} data-testid="orders-chart-dates">
          {ticks.map((tick) => (
            <Typography key={tick} variant="caption" color="text.secondary">
              {tick}
            </Typography>
          ))}
        </Box>
      </Box>
    </Box>
  );
}

/** `/cabinet`: a few numbers and a sparkline of the last 14 days of orders. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const me = useCurrentUser();
  const recent = useQuery(orderQueries.list({ page: 1, per: 500, sortKey: 'created_at', sortDir: 'desc' }));
  const paid = useQuery(orderQueries.list({ page: 1, per: 10, filters: { paymentState: ['paid'] } }));
  const products = useQuery(productQueries.list({ page: 1, per: 30 }));

  const counts = dailyCounts((recent.data?.list ?? []).map((o) => o.createdAt), DAYS);
  // a team member working for the seller: the owner's readiness and the account's closing are the owner's to see
  const owner = actingSeller() === null;
  const seller = owner ? me.data?.seller : undefined;

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('dashboard.title')}
      </Typography>
      {owner ? <AccountClosingBanner /> : null}
      {seller && !seller.canSell ? <SellReadiness /> : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Stat label={t('nav.orders')} value={recent.data?.totalCount ?? 0} loading={recent.isPending} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Stat label={t('dashboard.paidTotal')} value={paid.data?.totalCount ?? 0} loading={paid.isPending} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Stat label={t('dashboard.products')} value={products.data?.totalCount ?? 0} loading={products.isPending} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper sx={{ p: 2 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('dashboard.ordersChart')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('dashboard.ordersTotal', { count: counts.reduce((a, c) => a + c.count, 0) })}
            </Typography>
            {recent.isPending ? <Skeleton variant="rounded" height={120} /> : <Sparkline days={counts} label={t('dashboard.ordersChart')} />}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper sx={{ p: 2 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('dashboard.recentOrders')}
            </Typography>
            {recent.isPending ? (
              <Skeleton variant="rounded" height={120} />
            ) : (recent.data?.list.length ?? 0) === 0 ? (
              <EmptyState title={t('dashboard.noOrders')}>
                <Link component={RouterLink} to="/cabinet/products">
                  {t('nav.products')}
                </Link>
              </EmptyState>
            ) : (
              <List dense>
                {recent.data!.list.slice(0, 5).map((o) => (
                  <ListItem key={o.token} disablePadding>
                  <ListItemButton component={RouterLink} to={`/cabinet/orders/${encodeURIComponent(o.token)}`}>
                    <ListItemText primary={`${o.productName} · ${money(o.total, o.currencyKey)}`} secondary={formatDateTime(o.createdAt)} />
                    <StatusChip state={o.paymentState} plan={o.periodType} />
                  </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}
          </Paper>
        </Grid>
      </Grid>
    </>
  );
}
