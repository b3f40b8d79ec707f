import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import * as sdk from '../../../api/sdk.gen';
import { buildQuery } from '../../../api/query';
import { toast } from '../../../app/notify';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { useMoney } from '../../../components/Money';
import { FilterBar } from '../../../components/FilterBar';
import { listed, PagedTable } from '../../../components/PagedTable';
import type { FilterDef } from '../../../lib/filterDefs';
import { LIST_DEFAULTS, useListView, useTotalSync } from '../../../lib/useListView';
import { StatusChip } from '../../../components/StatusChip';
import { formatDateTime } from '../../../components/dates';
import { ticketWhen } from '../../../lib/zoned';
import { useSellerUsername } from '../useSellerUsername';

const TICKET_DEFAULTS = { ...LIST_DEFAULTS, per: 50 };

const TABS = ['overview', 'details'] as const;
type TabKey = (typeof TABS)[number];
const STATES = ['unused', 'used', 'refunded', 'expired', 'invalidated'] as const;
type State = (typeof STATES)[number];
// the bar's colours, one per state: let in (green), still to come (blue), gone (greys and red)
const COLORS: Record<State, string> = { used: '#2e7d32', unused: '#1976d2', expired: '#9e9e9e', refunded: '#c62828', invalidated: '#616161' };

type Tally = Awaited<ReturnType<typeof sdk.paymentTicketsOverview>>['tickets'][number];
type Row = Awaited<ReturnType<typeof sdk.allPaymentTickets>>['list'][number];

const overviewKey = ['paymentTickets', 'overview'] as const;

/** One ticket's payment tickets as a stacked bar by state, against its capacity when it has one. */
function TallyBar({ tally }: { tally: Tally }) {
  const { t } = useTranslation();
  const whole = Math.max(tally.limit ?? 0, tally.sold, 1);
  return (
    <Stack spacing={1}>
      <Box role="img" aria-label={STATES.map((s) => `${t(`status.${s}`)}: ${tally[s]}`).join(', ')} sx={{ display: 'flex', height: 14, borderRadius: 7, overflow: 'hidden', bgcolor: 'action.hover' }}>
        {STATES.map((s) => (tally[s] ? <Box key={s} sx={{ width: `${(100 * tally[s]) / whole}%`, bgcolor: COLORS[s] }} /> : null))}
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
        {STATES.map((s) => (
          <Stack key={s} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: COLORS[s] }} />
            <Typography variant="caption">
              {t(`status.${s}`)} {tally[s]}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}

function Overview() {
  const { t, i18n } = useTranslation();
  const q = useQuery({ queryKey: overviewKey, queryFn: ({ signal }) => sdk.paymentTicketsOverview({ signal }) });
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (q.isPending) return <Skeleton variant="rounded" height={180} />;
  if (q.data.tickets.length === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState title={t('paymentTickets.empty')} icon={<ConfirmationNumberIcon />} />
      </Paper>
    );
  }
  return (
    <Grid container spacing={2} data-testid="tickets-overview">
      {q.data.tickets.map((x) => (
        <Grid key={x.ticketId} size={{ xs: 12, sm: 6, lg: 4 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <Link component={RouterLink} to={`/cabinet/products/${x.productId}/edit?step=2`} variant="h6" underline="hover" sx={{ display: 'block' }} noWrap>
                {x.productName}
              </Link>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                {x.ticketName} · {ticketWhen({ ...x, withoutDates: !x.startsAt }, i18n.language, t('events.anyDay'))}
              </Typography>
              <Typography variant="h5" sx={{ my: 1 }} data-testid={`tally-${x.ticketId}`}>
                {x.limit ? t('paymentTickets.soldOf', { sold: x.sold, limit: x.limit }) : t('paymentTickets.sold', { count: x.sold })}
              </Typography>
              <TallyBar tally={x} />
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

function Details() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const qc = useQueryClient();
  const username = useSellerUsername();
  const [voiding, setVoiding] = useState<Row | null>(null);
  const events = useQuery({ queryKey: overviewKey, queryFn: ({ signal }) => sdk.paymentTicketsOverview({ signal }) });
  const products = useMemo(() => new Map((events.data?.tickets ?? []).map((x) => [x.productId, x.productName])), [events.data]);
  const defs = useMemo<FilterDef[]>(
    () => [
      { key: 'product_id', type: 'select_with_search', label: t('paymentTickets.event'), inline: true, options: [...products].map(([id, name]) => ({ value: String(id), label: name })) },
      { key: 'state', type: 'single_select', label: t('paymentTickets.state'), inline: true, options: STATES.map((s) => ({ value: s, label: t(`status.${s}`) })) },
    ],
    [t, products],
  );
  const view = useListView(TICKET_DEFAULTS, defs);
  const { state: listState } = view;
  const event = listState.filters.product_id?.[0] ?? '';
  const state = listState.filters.state?.[0] ?? '';
  const paging = { query: { page: listState.page, per: listState.per } };
  const filters = { productId: event ? Number(event) : undefined, state: (state || undefined) as State | undefined, query: listState.query.trim() || undefined };
  const list = useQuery({
    queryKey: ['paymentTickets', 'details', paging.query, filters],
    queryFn: ({ signal }) => sdk.allPaymentTickets({ ...paging.query, ...filters }, { signal }),
    placeholderData: keepPreviousData,
  });
  useTotalSync(view.list.syncTotal, list.data?.totalCount, list.isPlaceholderData);
  const invalidate = useMutation({
    mutationFn: (row: Row) => sdk.invalidatePaymentTicket(row.id, { suppressErrors: true }),
    onSuccess: (_, row) => {
      toast(t('paymentTickets.invalidated', { code: row.code }), 'success');
      setVoiding(null);
      void qc.invalidateQueries({ queryKey: ['paymentTickets'] });
    },
    onError: (e) => {
      setVoiding(null);
      toast(e instanceof ApiError && e.status === 409 ? t('paymentTickets.cannotInvalidate') : t('toast.error'), 'error');
      void qc.invalidateQueries({ queryKey: ['paymentTickets'] });
    },
  });
  const csv = buildQuery({ productId: filters.productId, state: filters.state, query: filters.query });
  return (
    <>
      <FilterBar
        defs={defs}
        filters={listState.filters}
        onApply={view.list.applyFilters}
        query={listState.query}
        onSearch={view.list.setQuery}
        searchPlaceholder={t('paymentTickets.search')}
        list="payment_tickets"
        csv={`/v1/cabinet/payment_tickets/csv${csv ? `?${csv}` : ''}`}
      />
      <PagedTable<Row>
        {...listed(list, true)}
        rowKey={(r) => r.id}
        empty={t('paymentTickets.emptyList')}
        count={list.data?.totalCount}
        label={t('paymentTickets.tabs.details')}
        {...view.pager}
        columns={[
          {
            key: 'code',
            label: t('paymentTickets.code'),
            render: (r) =>
              username ? (
                <Link href={`/s/${encodeURIComponent(username)}/tickets/${r.code}`} target="_blank" rel="noopener" sx={{ fontFamily: 'monospace' }}>
                  {r.code}
                </Link>
              ) : (
                r.code
              ),
          },
          {
            key: 'event',
            label: t('paymentTickets.event'),
            render: (r) => (
              <>
                {r.productName}
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {r.ticketName} · {ticketWhen({ ...r, withoutDates: !r.startsAt }, i18n.language, t('events.anyDay'))}
                </Typography>
              </>
            ),
          },
          {
            key: 'buyer',
            label: t('paymentTickets.buyer'),
            wide: true,
            render: (r) => (
              <>
                {r.payerName}
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {r.payerEmail}
                </Typography>
              </>
            ),
          },
          { key: 'state', label: t('paymentTickets.state'), render: (r) => (
            <Tooltip title={r.usedAt ? t('paymentTickets.usedAt', { at: formatDateTime(r.usedAt) }) : ''}>
              <span>
                <StatusChip state={r.state} />
              </span>
            </Tooltip>
          ) },
          { key: 'price', label: t('paymentTickets.price'), align: 'right', wide: true, render: (r) => money(r.price, r.currency) },
          { key: 'bought', label: t('paymentTickets.bought'), wide: true, render: (r) => formatDateTime(r.reservedAt) },
          {
            key: 'actions',
            label: t('common.actions'),
            render: (r) => (
              <Stack direction="row" spacing={1}>
                <Button size="small" component={RouterLink} to={`/cabinet/orders/${r.orderToken}`}>
                  {t('paymentTickets.order')}
                </Button>
                {r.state === 'unused' || r.state === 'expired' ? (
                  <Button size="small" color="error" onClick={() => setVoiding(r)} data-testid={`invalidate-${r.id}`}>
                    {t('paymentTickets.invalidate')}
                  </Button>
                ) : null}
              </Stack>
            ),
          },
        ]}
      />
      <Dialog open={voiding !== null} onClose={() => setVoiding(null)}>
        <DialogTitle>{t('paymentTickets.invalidateTitle', { code: voiding?.code ?? '' })}</DialogTitle>
        <DialogContent>
          <Typography>{t('paymentTickets.invalidateHelp')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setVoiding(null)}>{t('common.cancel')}</Button>
          <Button color="error" variant="contained" loading={invalidate.isPending} onClick={() => voiding && invalidate.mutate(voiding)} data-testid="invalidate-confirm">
            {t('paymentTickets.invalidate')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** `/cabinet/payment_tickets/{overview|details}` (core §2): every event's tickets, by ticket and state, and each
 * ticket a buyer holds, with the CSV of core §3 and invalidating one. */
export default function PaymentTicketsPage() {
  const { t } = useTranslation();
  const { tab = 'overview' } = useParams();
  if (!TABS.includes(tab as TabKey)) return <Navigate to="/cabinet/payment_tickets/overview" replace />;
  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h4" component="h1">
          {t('paymentTickets.title')}
        </Typography>
        <Button component={RouterLink} to="/cabinet/check_in" variant="outlined">
          {t('nav.checkIn')}
        </Button>
      </Stack>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile>
          {TABS.map((k) => (
            <Tab key={k} value={k} label={t(`paymentTickets.tabs.${k}`)} component={RouterLink} to={`/cabinet/payment_tickets/${k}`} data-testid={`tickets-tab-${k}`} />
          ))}
        </Tabs>
      </Box>
      {tab === 'overview' ? <Overview /> : <Details />}
    </>
  );
}
