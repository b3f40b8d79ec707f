import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { fieldErrors } from '../../../api/errors';
import type { Answer } from '../../../api/sdk';
import * as sdk from '../../../api/sdk.gen';
import { toast } from '../../../app/notify';
import { listed, PagedTable } from '../../../components/PagedTable';
import { relativeTime } from '../../../components/dates';
import { EndpointStateChip, eventLabel, EVENT_TYPES, type EventType, urlError } from './webhookWords';
import { Page } from '../../../components/Page';

type Endpoint = Answer<'list_webhook_endpoints'>['list'][number];
export const WEBHOOKS_KEY = ['cabinet', 'webhook_endpoints'] as const;

/** `/cabinet/webhooks` (core §4 webhook endpoint states; issue 24): the addresses the shop's own systems hear its
 * events at (orders, rates, refunds, claims, payouts, tickets, affiliates), each with its last week's deliveries. */
export default function WebhooksPage() {
  const { t, i18n } = useTranslation();
  const [adding, setAdding] = useState(false);
  const rows = useQuery({ queryKey: WEBHOOKS_KEY, queryFn: ({ signal }) => sdk.listWebhookEndpoints({ signal }) });
  return (
    <Page
      title={t('webhooks.title')}
      action={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="add-endpoint">
          {t('webhooks.add')}
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary">
        {t('webhooks.intro')}
      </Typography>
      <PagedTable<Endpoint>
        label={t('webhooks.title')}
        {...listed(rows)}
        rowKey={(r) => r.id}
        empty={t('webhooks.empty')}
        columns={[
          {
            key: 'url',
            label: t('webhooks.url'),
            render: (r) => (
              <Stack sx={{ minWidth: 0 }}>
                <Link component={RouterLink} to={`/cabinet/webhooks/${r.id}`} sx={{ wordBreak: 'break-all' }} data-testid="endpoint-link">
                  {r.url}
                </Link>
                {r.description ? (
                  <Typography variant="caption" color="text.secondary">
                    {r.description}
                  </Typography>
                ) : null}
              </Stack>
            ),
          },
          {
            key: 'events',
            label: t('webhooks.events'),
            wide: true,
            render: (r) => (r.events.length === 0 ? t('webhooks.allEvents') : r.events.map((e) => eventLabel(t, e)).join(', ')),
          },
          { key: 'state', label: t('orders.state'), render: (r) => <EndpointStateChip state={r.state} /> },
          { key: 'delivered', label: t('webhooks.delivered7d'), align: 'right', wide: true, render: (r) => r.delivered7d },
          { key: 'failed', label: t('webhooks.failed7d'), align: 'right', render: (r) => r.failed7d },
          { key: 'last', label: t('webhooks.lastDelivery'), wide: true, render: (r) => (r.lastDeliveryAt ? relativeTime(r.lastDeliveryAt, i18n.language) : '—') },
        ]}
      />
      {adding ? <AddDialog onClose={() => setAdding(false)} /> : null}
    </Page>
  );
}

/** The events an endpoint takes: every event (none ticked), or the ones ticked. */
export function EventPicker({ value, onChange }: { value: EventType[]; onChange: (next: EventType[]) => void }) {
  const { t } = useTranslation();
  const all = value.length === 0;
  return (
    <Stack spacing={0.5}>
      <FormControlLabel
        control={<Checkbox checked={all} onChange={(e) => onChange(e.target.checked ? [] : [EVENT_TYPES[0] as EventType])} />}
        label={t('webhooks.allEvents')}
      />
      {all ? null : (
        <FormGroup sx={{ pl: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {EVENT_TYPES.map((e) => (
            <FormControlLabel
              key={e}
              control={
                <Checkbox
                  size="small"
                  checked={value.includes(e)}
                  onChange={(ev) => {
                    const next = ev.target.checked ? [...value, e] : value.filter((x) => x !== e);
                    if (next.length > 0) onChange(next);
                  }}
                />
              }
              label={eventLabel(t, e)}
            />
          ))}
        </FormGroup>
      )}
    </Stack>
  );
}

function AddDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [url, setUrl] = useState('https://');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<EventType[]>([]);
  const add = useMutation({
    mutationFn: () => sdk.createWebhookEndpoint({ url, description, events }),
    onSuccess: (row) => {
      toast(t('webhooks.added'), 'success');
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      navigate(`/cabinet/webhooks/${row.id}`);
    },
  });
  const errors = fieldErrors(add.error);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-endpoint-title">
      <DialogTitle id="add-endpoint-title">{t('webhooks.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('webhooks.url')}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={Boolean(errors.url)}
            helperText={errors.url ? urlError(t, errors.url) : t('webhooks.urlHelp')}
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'url', 'data-testid': 'endpoint-url' } }}
          />
          <TextField
            label={t('webhooks.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <Typography variant="subtitle2">{t('webhooks.events')}</Typography>
          <EventPicker value={events} onChange={setEvents} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!url.trim() || add.isPending} onClick={() => add.mutate()} data-testid="save-endpoint">
          {t('webhooks.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
