import { useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Answer } from '../../../api/sdk';
import * as sdk from '../../../api/sdk.gen';
import { toast } from '../../../app/notify';
import { listed, PagedTable } from '../../../components/PagedTable';
import { relativeTime } from '../../../components/dates';
import { EndpointDialog } from './EndpointDialog';
import { EndpointStateChip, eventLabel } from './webhookWords';
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

function AddDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <EndpointDialog
      title={t('webhooks.add')}
      initial={{ url: 'https://', description: '', events: [] }}
      submitLabel={t('webhooks.create')}
      save={(fields) => sdk.createWebhookEndpoint(fields)}
      onSaved={(row) => {
        toast(t('webhooks.added'), 'success');
        void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
        navigate(`/cabinet/webhooks/${row.id}`);
      }}
      onClose={onClose}
      testIds
    />
  );
}
