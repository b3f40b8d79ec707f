import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { Answer } from '../../../api/sdk';
import * as sdk from '../../../api/sdk.gen';
import { toast } from '../../../app/notify';
import { CopyButton } from '../../../components/CopyButton';
import { ErrorState } from '../../../components/ErrorState';
import { FilterSelect, listed, PagedTable, usePaging } from '../../../components/PagedTable';
import { formatDateTime } from '../../../components/dates';
import { DeliveryStateChip, EndpointStateChip, eventLabel } from './webhookWords';
import { EndpointDialog } from './EndpointDialog';
import { WEBHOOKS_KEY } from './WebhooksPage';

type Endpoint = Answer<'get_webhook_endpoint'>;
type Delivery = Answer<'list_webhook_deliveries'>['list'][number];
type DeliveryState = Delivery['state'];
const STATES: DeliveryState[] = ['pending', 'delivered', 'failed', 'skipped'];
const PER_OPTIONS = [10, 20, 50, 100] as const;

// what a receiver runs (docs/WEBHOOKS.md): the signature over the raw body, and a recent timestamp
const SNIPPET = `import hashlib, hmac, time

def verified(secret: str, header: str, body: bytes, tolerance_s: int = 300) -> bool:
    parts = dict(p.split("=", 1) for p in header.split(","))
    t = int(parts["t"])
    mac = hmac.new(secret.encode(), f"{t}.".encode() + body, hashlib.sha256).hexdigest()
    return abs(time.time() - t) <= tolerance_s and hmac.compare_digest(mac, parts["v1"])

# verified(SECRET, request.headers["Sellflow-Signature"], request.body)`;

/** `/cabinet/webhooks/:endpointId`: one endpoint: on or off, its signing secret, a test event, and its delivery log
 * with every attempt and what the endpoint answered; a delivery can be sent again. */
export default function WebhookEndpointPage() {
  const { t } = useTranslation();
  const { endpointId = '' } = useParams();
  const endpoint = useQuery({
    queryKey: [...WEBHOOKS_KEY, endpointId],
    queryFn: ({ signal }) => sdk.getWebhookEndpoint(endpointId, { signal }),
  });
  return (
    <Stack spacing={2}>
      <Box>
        <Button component={RouterLink} to="/cabinet/webhooks" startIcon={<ArrowBackIcon />} size="small">
          {t('webhooks.title')}
        </Button>
      </Box>
      {endpoint.isPending ? (
        <Skeleton variant="rounded" height={280} />
      ) : endpoint.isError ? (
        <ErrorState error={endpoint.error} onRetry={() => void endpoint.refetch()} />
      ) : (
        <>
          <Settings endpoint={endpoint.data} />
          <Deliveries endpoint={endpoint.data} />
        </>
      )}
    </Stack>
  );
}

function Settings({ endpoint }: { endpoint: Endpoint }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [shown, setShown] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'roll' | 'delete' | null>(null);
  const saved = (next: Endpoint) => {
    queryClient.setQueryData([...WEBHOOKS_KEY, String(endpoint.id)], next);
    void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY, exact: true });
  };
  const toggle = useMutation({
    mutationFn: (on: boolean) => sdk.changeWebhookEndpoint(endpoint.id, { state: on ? 'active' : 'inactive' }),
    onSuccess: (next) => {
      saved(next);
      toast(next.state === 'active' ? t('webhooks.turnedOn') : t('webhooks.turnedOff'), 'success');
    },
  });
  const test = useMutation({
    mutationFn: () => sdk.sendWebhookTest(endpoint.id),
    onSuccess: () => {
      toast(t('webhooks.testSent'), 'success');
      void queryClient.invalidateQueries({ queryKey: [...WEBHOOKS_KEY, String(endpoint.id), 'deliveries'] });
    },
  });
  const roll = useMutation({
    mutationFn: () => sdk.rollWebhookSecret(endpoint.id),
    onSuccess: (next) => {
      saved(next);
      setConfirm(null);
      setShown(true);
      toast(t('webhooks.rolled'), 'success');
    },
  });
  const remove = useMutation({
    mutationFn: () => sdk.deleteWebhookEndpoint(endpoint.id),
    onSuccess: () => {
      toast(t('webhooks.deleted'), 'success');
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      navigate('/cabinet/webhooks');
    },
  });
  const on = endpoint.state === 'active';
  return (
    <Paper sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Stack sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-all', fontSize: { xs: '1.1rem', sm: '1.5rem' } }}>
              {endpoint.url}
            </Typography>
            {endpoint.description ? (
              <Typography variant="body2" color="text.secondary">
                {endpoint.description}
              </Typography>
            ) : null}
          </Stack>
          <EndpointStateChip state={endpoint.state} />
        </Stack>
        {endpoint.state === 'paused' ? (
          <Alert severity="warning" data-testid="endpoint-paused">
            {t('webhooks.pausedText', { when: formatDateTime(endpoint.pausedAt) })}
          </Alert>
        ) : null}
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <FormControlLabel
            control={<Switch checked={on} disabled={toggle.isPending} onChange={(e) => toggle.mutate(e.target.checked)} slotProps={{ input: { 'aria-label': t('webhooks.active') } }} data-testid="endpoint-active" />}
            label={on ? t('webhooks.active') : t('webhooks.off')}
          />
          <Box sx={{ flex: 1 }} />
          <Button variant="outlined" disabled={!on || test.isPending} onClick={() => test.mutate()} data-testid="send-test">
            {t('webhooks.sendTest')}
          </Button>
          <Button onClick={() => setEditing(true)}>{t('common.edit')}</Button>
          <Button color="error" onClick={() => setConfirm('delete')}>
            {t('common.delete')}
          </Button>
        </Stack>
        <Typography variant="body2">
          {t('webhooks.events')}: {endpoint.events.length === 0 ? t('webhooks.allEvents') : endpoint.events.map((e) => eventLabel(t, e)).join(', ')}
        </Typography>
        <Stack spacing={1}>
          <Typography variant="subtitle2">{t('webhooks.secret')}</Typography>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Box
              component="code"
              sx={{ fontFamily: 'monospace', bgcolor: 'action.hover', px: 1, py: 0.5, borderRadius: 1, wordBreak: 'break-all', flex: '1 1 240px' }}
              data-testid="endpoint-secret"
            >
              {shown ? endpoint.secret : `${endpoint.secret.slice(0, 6)}${'•'.repeat(24)}`}
            </Box>
            <IconButton onClick={() => setShown((x) => !x)} aria-label={shown ? t('webhooks.hideSecret') : t('webhooks.showSecret')}>
              {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
            </IconButton>
            <CopyButton text={endpoint.secret} label={t('webhooks.secret')} />
            <Button size="small" onClick={() => setConfirm('roll')}>
              {t('webhooks.roll')}
            </Button>
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t('webhooks.secretHelp')}
          </Typography>
        </Stack>
        <Accordion disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography variant="body2">{t('webhooks.howToVerify')}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('webhooks.verifyText')}
            </Typography>
            <Box component="pre" sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: 12 }}>
              {SNIPPET}
            </Box>
          </AccordionDetails>
        </Accordion>
      </Stack>
      {editing ? <EditDialog endpoint={endpoint} onSaved={saved} onClose={() => setEditing(false)} /> : null}
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)} aria-labelledby="confirm-title">
        <DialogTitle id="confirm-title">{confirm === 'roll' ? t('webhooks.roll') : t('webhooks.deleteTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2">{confirm === 'roll' ? t('webhooks.rollText') : t('webhooks.deleteText')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            color={confirm === 'delete' ? 'error' : 'primary'}
            disabled={roll.isPending || remove.isPending}
            onClick={() => (confirm === 'roll' ? roll.mutate() : remove.mutate())}
          >
            {confirm === 'roll' ? t('webhooks.roll') : t('common.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function EditDialog({ endpoint, onSaved, onClose }: { endpoint: Endpoint; onSaved: (next: Endpoint) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <EndpointDialog
      title={t('common.edit')}
      initial={{ url: endpoint.url, description: endpoint.description, events: endpoint.events }}
      submitLabel={t('common.save')}
      save={(fields) => sdk.changeWebhookEndpoint(endpoint.id, fields)}
      onSaved={(next) => {
        onSaved(next);
        toast(t('webhooks.saved'), 'success');
        onClose();
      }}
      onClose={onClose}
    />
  );
}

function Deliveries({ endpoint }: { endpoint: Endpoint }) {
  const { t } = useTranslation();
  const paging = usePaging();
  const [state, setState] = useState<DeliveryState | ''>('');
  const [open, setOpen] = useState<number | null>(null);
  const rows = useQuery({
    queryKey: [...WEBHOOKS_KEY, String(endpoint.id), 'deliveries', paging.query, state],
    queryFn: ({ signal }) => sdk.listWebhookDeliveries(endpoint.id, { ...paging.query, ...(state ? { state } : {}) }, { signal }),
    // while a delivery is still being tried, its log follows it
    refetchInterval: (q) => (q.state.data?.list.some((d) => d.state === 'pending') ? 2000 : false),
  });
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {t('webhooks.deliveries')}
        </Typography>
        <FilterSelect
          label={t('orders.state')}
          value={state}
          onChange={(v) => {
            setState(v as DeliveryState | '');
            paging.restart();
          }}
          all={t('webhooks.anyState')}
          options={STATES.map((s) => ({ value: s, label: t(`enums.deliveryState.${s}`) }))}
          minWidth={180}
        />
      </Stack>
      <PagedTable<Delivery>
        label={t('webhooks.deliveries')}
        {...listed(rows)}
        rowKey={(r) => r.id}
        empty={t('webhooks.noDeliveries')}
        {...paging.pager}
        perOptions={PER_OPTIONS}
        count={rows.data?.totalCount ?? 0}
        columns={[
          {
            key: 'event',
            label: t('webhooks.event.title'),
            render: (r) => (
              <Link component="button" type="button" onClick={() => setOpen(r.id)} data-testid="delivery-open">
                {eventLabel(t, r.eventType)}
              </Link>
            ),
          },
          { key: 'state', label: t('orders.state'), render: (r) => <DeliveryStateChip state={r.state} /> },
          { key: 'attempts', label: t('webhooks.attempts'), align: 'right', render: (r) => r.attempts },
          { key: 'status', label: t('webhooks.lastStatus'), align: 'right', render: (r) => r.lastStatus ?? '—' },
          { key: 'created', label: t('webhooks.created'), wide: true, render: (r) => formatDateTime(r.createdAt) },
          { key: 'next', label: t('webhooks.nextAttempt'), wide: true, render: (r) => (r.nextAttemptAt ? formatDateTime(r.nextAttemptAt) : '—') },
        ]}
      />
      {open !== null ? <DeliveryDialog id={open} endpointId={endpoint.id} canReplay={endpoint.state === 'active'} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}

function DeliveryDialog({ id, endpointId, canReplay, onClose }: { id: number; endpointId: number; canReplay: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const one = useQuery({
    queryKey: ['cabinet', 'webhook_deliveries', id],
    queryFn: ({ signal }) => sdk.getWebhookDelivery(id, { signal }),
    refetchInterval: (q) => (q.state.data?.state === 'pending' ? 2000 : false),
  });
  const replay = useMutation({
    mutationFn: () => sdk.replayWebhookDelivery(id),
    onSuccess: () => {
      toast(t('webhooks.replayed'), 'success');
      void queryClient.invalidateQueries({ queryKey: [...WEBHOOKS_KEY, String(endpointId), 'deliveries'] });
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="delivery-title">
      <DialogTitle id="delivery-title">{one.data ? `${eventLabel(t, one.data.eventType)} · ${one.data.eventId}` : t('webhooks.delivery')}</DialogTitle>
      <DialogContent>
        {one.isPending ? (
          <Skeleton variant="rounded" height={200} />
        ) : one.isError ? (
          <ErrorState error={one.error} onRetry={() => void one.refetch()} />
        ) : (
          <Stack spacing={2}>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <DeliveryStateChip state={one.data.state} />
              {one.data.replayOf ? <Typography variant="body2">{t('webhooks.replayOf', { id: one.data.replayOf })}</Typography> : null}
            </Stack>
            <PagedTable
              label={t('webhooks.attempts')}
              rows={one.data.attemptsLog}
              rowKey={(a) => a.number}
              loading={false}
              empty={t('webhooks.noAttempts')}
              columns={[
                { key: 'n', label: '#', render: (a) => a.number },
                { key: 'at', label: t('webhooks.when'), render: (a) => formatDateTime(a.at) },
                { key: 'status', label: t('webhooks.answer'), render: (a) => a.status ?? (a.error ? t(`webhooks.errors.${a.error}`) : '—') },
                { key: 'took', label: t('webhooks.took'), align: 'right', wide: true, render: (a) => `${a.durationMs} ms` },
                {
                  key: 'response',
                  label: t('webhooks.response'),
                  wide: true,
                  render: (a) => (
                    <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>
                      {a.response || '—'}
                    </Box>
                  ),
                },
              ]}
            />
            <Typography variant="subtitle2">{t('webhooks.payload')}</Typography>
            <Box component="pre" sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: 12 }} data-testid="delivery-payload">
              {JSON.stringify(one.data.payload, null, 2)}
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {canReplay ? null : (
          <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto', pl: 1 }}>
            {t('webhooks.replayOff')}
          </Typography>
        )}
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button variant="contained" disabled={!canReplay || replay.isPending || !one.data} onClick={() => replay.mutate()} data-testid="replay-delivery">
          {t('webhooks.replay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
