import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import EventIcon from '@mui/icons-material/EventOutlined';
import QrIcon from '@mui/icons-material/QrCodeScanner';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/errors';
import * as sdk from '../../../../api/sdk.gen';
import type { Product } from '../../../../api/types';
import { toast } from '../../../../app/notify';
import { EmptyState } from '../../../../components/EmptyState';
import { ErrorState } from '../../../../components/ErrorState';
import { type Column, listed, PagedTable, usePaging } from '../../../../components/PagedTable';
import { StatusChip } from '../../../../components/StatusChip';
import { formatDateTime } from '../../../../components/dates';
import { TicketInSchema } from '../../../../api/zod.gen';
import { openProtectedFile } from '../../../../lib/download';
import { issueMessage } from '../../../../lib/zodForm';
import { TIME_ZONES, formatInZone, isoToZoned, ticketWhen, zonedToIso } from '../../../../lib/zoned';
import { productKeys } from '../queries';

type Ticket = Awaited<ReturnType<typeof sdk.listTickets>>['list'][number];
type Held = Awaited<ReturnType<typeof sdk.listPaymentTickets>>['list'][number];

interface Draft {
  name: string;
  withoutDates: boolean;
  starts: string;
  ends: string;
  timeZone: string;
  location: string;
  online: boolean;
  limit: string;
}

const emptyDraft = (): Draft => ({
  name: '',
  withoutDates: false,
  starts: '',
  ends: '',
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Berlin',
  location: '',
  online: false,
  limit: '',
});

const draftOf = (x: Ticket): Draft => ({
  name: x.name,
  withoutDates: x.withoutDates,
  starts: x.startsAt ? isoToZoned(x.startsAt, x.timeZone) : '',
  ends: x.endsAt ? isoToZoned(x.endsAt, x.timeZone) : '',
  timeZone: x.timeZone,
  location: x.location ?? '',
  online: x.online,
  limit: x.limit == null ? '' : String(x.limit),
});

function TicketDialog({ productId, ticket, onClose, onSaved }: { productId: number; ticket: Ticket | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [d, setD] = useState<Draft>(ticket ? draftOf(ticket) : emptyDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));

  const save = async () => {
    const e: Record<string, string> = {};
    if (d.name.trim().length < 2) e.name = t('validation.tooShort', { min: 2 });
    const startsAt = d.withoutDates ? null : zonedToIso(d.starts, d.timeZone);
    const endsAt = d.withoutDates || !d.ends ? null : zonedToIso(d.ends, d.timeZone);
    if (!d.withoutDates && !startsAt) e.starts = t('events.errors.starts_at_required');
    if (startsAt && endsAt && endsAt < startsAt) e.ends = t('events.errors.ends_before_start');
    if (!TIME_ZONES.includes(d.timeZone)) e.timeZone = t('validation.invalid');
    const limit = d.limit.trim() === '' ? null : Number(d.limit);
    if (limit !== null && !(Number.isInteger(limit) && limit >= 1 && limit <= 1_000_000)) e.limit = t('validation.min', { min: 1 });
    const body = { name: d.name.trim(), startsAt, endsAt, timeZone: d.timeZone, location: d.location.trim() || null, online: d.online, withoutDates: d.withoutDates, limit };
    // the contract's own rules (lengths, bounds), checked before sending
    const checked = TicketInSchema.safeParse(body);
    if (!checked.success) for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      e[({ startsAt: 'starts', endsAt: 'ends' } as Record<string, string>)[field] ?? field] ??= issueMessage(issue);
    }
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      if (ticket) await sdk.changeTicket(productId, ticket.id, body, { suppressErrors: true });
      else await sdk.addTicket(productId, body, { suppressErrors: true });
      toast(t('common.saved'), 'success');
      await onSaved();
    } catch (err) {
      setErrors({ form: err instanceof ApiError && err.reason ? t(`events.errors.${err.reason}`, { defaultValue: err.message }) : err instanceof Error ? err.message : t('toast.error') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle>{t(ticket ? 'events.editTicket' : 'events.newTicket')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <TextField label={t('events.ticketName')} value={d.name} onChange={(e) => set({ name: e.target.value })} error={Boolean(errors.name)} helperText={errors.name ?? t('events.ticketNameHelp')} slotProps={{ htmlInput: { 'data-testid': 'ticket-name', maxLength: 300 } }} />
          <FormControlLabel control={<Switch checked={d.withoutDates} onChange={(e) => set({ withoutDates: e.target.checked })} data-testid="ticket-without-dates" />} label={t('events.withoutDates')} />
          {!d.withoutDates ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField type="datetime-local" label={t('events.startsAt')} value={d.starts} onChange={(e) => set({ starts: e.target.value })} error={Boolean(errors.starts)} helperText={errors.starts ?? ' '} fullWidth slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'ticket-starts' } }} />
              <TextField type="datetime-local" label={t('events.endsAt')} value={d.ends} onChange={(e) => set({ ends: e.target.value })} error={Boolean(errors.ends)} helperText={errors.ends ?? t('events.endsHelp')} fullWidth slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'ticket-ends' } }} />
            </Stack>
          ) : null}
          <Autocomplete
            options={TIME_ZONES as string[]}
            value={d.timeZone}
            disableClearable
            onChange={(_, v) => set({ timeZone: v })}
            renderInput={(params) => <TextField {...params} label={t('events.timeZone')} error={Boolean(errors.timeZone)} helperText={errors.timeZone ?? t('events.timeZoneHelp')} />}
          />
          <FormControlLabel control={<Switch checked={d.online} onChange={(e) => set({ online: e.target.checked })} />} label={t('events.online')} />
          <TextField label={t(d.online ? 'events.onlineWhere' : 'events.location')} value={d.location} onChange={(e) => set({ location: e.target.value })} error={Boolean(errors.location)} helperText={errors.location} slotProps={{ htmlInput: { 'data-testid': 'ticket-location', maxLength: 300 } }} />
          <TextField type="number" label={t('events.limit')} value={d.limit} onChange={(e) => set({ limit: e.target.value })} error={Boolean(errors.limit)} helperText={errors.limit ?? t('events.limitHelp')} slotProps={{ htmlInput: { min: 1, 'data-testid': 'ticket-limit' } }} sx={{ maxWidth: 240 }} />
          {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
          <Typography variant="caption" color="text.secondary">
            {d.starts && !d.withoutDates && zonedToIso(d.starts, d.timeZone) ? t('events.readAs', { when: formatInZone(zonedToIso(d.starts, d.timeZone)!, d.timeZone, i18n.language) }) : null}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} loading={busy} data-testid="ticket-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** An event's ticket details step: its tickets (when, where, how many), and who holds one (the guest list). */
export function TicketsStep({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const key = [...productKeys.detail(product.id), 'tickets'] as const;
  const tickets = useQuery({ queryKey: key, queryFn: ({ signal }) => sdk.listTickets(product.id, { signal }) });
  const paging = usePaging(20);
  const held = useQuery({
    queryKey: [...productKeys.detail(product.id), 'payment_tickets', paging.query],
    queryFn: ({ signal }) => sdk.listPaymentTickets(product.id, paging.query, { signal }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Ticket | 'new' | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: productKeys.detail(product.id), exact: true });
    void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
  };
  const remove = async (x: Ticket) => {
    if (!window.confirm(t('events.removeConfirm', { name: x.name }))) return;
    try {
      await sdk.removeTicket(product.id, x.id, { suppressErrors: true });
      await refresh();
    } catch (e) {
      toast(e instanceof ApiError && e.reason ? t(`events.errors.${e.reason}`) : t('toast.error'), 'error');
    }
  };
  const columns: Column<Held>[] = [
    { key: 'code', label: t('events.code'), render: (r) => <code>{r.code}</code> },
    { key: 'ticket', label: t('events.ticket'), render: (r) => r.ticketName },
    { key: 'name', label: t('events.holder'), render: (r) => r.payerName || r.payerEmail },
    { key: 'email', label: t('auth.email'), wide: true, render: (r) => r.payerEmail },
    { key: 'state', label: t('products.state'), render: (r) => <StatusChip state={r.state} /> },
    { key: 'used', label: t('events.checkedInAt'), wide: true, render: (r) => (r.usedAt ? formatDateTime(r.usedAt) : '–') },
  ];

  if (tickets.isError) return <ErrorState error={tickets.error} onRetry={() => void tickets.refetch()} />;
  if (tickets.isPending) return <Skeleton variant="rounded" height={220} />;
  const list = tickets.data.list;

  return (
    <Stack spacing={3} sx={{ maxWidth: 1000 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {t('events.title')}
        </Typography>
        <Button component={RouterLink} to="/cabinet/check_in" startIcon={<QrIcon />}>
          {t('events.checkIn')}
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="ticket-add">
          {t('events.addTicket')}
        </Button>
      </Stack>
      {list.length === 0 ? (
        <Card variant="outlined">
          <EmptyState title={t('events.empty')} icon={<EventIcon />} />
        </Card>
      ) : (
        <Grid container spacing={2}>
          {list.map((x) => (
            <Grid key={x.id} size={{ xs: 12, sm: 6 }}>
              <Card variant="outlined" data-testid={`ticket-${x.name}`}>
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
                    <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
                      {x.name}
                    </Typography>
                    {x.soldOut ? <Chip size="small" color="warning" label={t('events.soldOut')} /> : null}
                    {x.over ? <Chip size="small" label={t('events.over')} /> : null}
                    {x.online ? <Chip size="small" color="info" label={t('events.onlineChip')} /> : null}
                  </Stack>
                  <Typography variant="body2">{ticketWhen(x, i18n.language, t('events.anyDay'))}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {x.location || (x.online ? t('events.onlineChip') : t('events.noLocation'))}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1 }}>
                    {x.limit ? t('events.heldOf', { held: x.held, limit: x.limit }) : t('events.heldNoLimit', { held: x.held })}
                  </Typography>
                  {x.limit ? <LinearProgress variant="determinate" value={Math.min(100, (x.held * 100) / x.limit)} sx={{ height: 6, borderRadius: 3 }} aria-label={t('events.capacity')} /> : null}
                </CardContent>
                <CardActions>
                  <Button size="small" onClick={() => setEditing(x)} data-testid={`ticket-edit-${x.name}`}>
                    {t('common.edit')}
                  </Button>
                  <Button size="small" color="error" onClick={() => void remove(x)}>
                    {t('common.delete')}
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {t('events.guestList')}
        </Typography>
        <Button
          startIcon={<DownloadIcon />}
          onClick={() => void openProtectedFile(`/v1/cabinet/products/${product.id}/payment_tickets/csv`).then((ok) => ok || toast(t('toast.error'), 'error'))}
        >
          {t('events.csv')}
        </Button>
      </Stack>
      <PagedTable
        {...listed(held)}
        columns={columns}
        rowKey={(r) => r.id}
        empty={t('events.noGuests')}
        count={held.data?.totalCount ?? 0}
        label={t('events.guestList')}
        {...paging.pager}
      />
      {editing ? (
        <TicketDialog
          productId={product.id}
          ticket={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      ) : null}
    </Stack>
  );
}
