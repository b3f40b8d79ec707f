import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../api/sdk.gen';
import { ErrorState } from '../../components/ErrorState';
import { PublisherOnly } from './usePublisher';

/** `/publish/embeddable_items/{id}/preview`: the item on a plain page, as a reader of the publisher's site sees it
 * (the page is sandboxed: it shares nothing with Sellflow's own pages), at a laptop's and a phone's width. */
export default function EmbedPreviewPage() {
  return (
    <PublisherOnly>
      <Preview />
    </PublisherOnly>
  );
}

function Preview() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [width, setWidth] = useState<'wide' | 'phone'>('wide');
  const item = useQuery({ queryKey: ['publish', 'embeds', id], queryFn: ({ signal }) => sdk.getEmbeddableItem(Number(id), { signal }), enabled: /^\d+$/.test(id) });
  if (item.isPending) return <Skeleton variant="rounded" height={320} />;
  if (item.isError) return <ErrorState error={item.error} onRetry={() => void item.refetch()} />;
  const page = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><style>body{font:16px Georgia,serif;margin:24px;color:#333}</style></head><body><h1>${t('publish.embeds.sampleTitle')}</h1><p>${t('publish.embeds.sampleText')}</p>${item.data.snippet}<p>${t('publish.embeds.sampleText')}</p></body></html>`;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1">
          {t('publish.embeds.previewOf', { name: item.data.name })}
        </Typography>
        <Stack direction="row" spacing={1}>
          <ToggleButtonGroup size="small" exclusive value={width} onChange={(_, v: 'wide' | 'phone' | null) => v && setWidth(v)} aria-label={t('publish.embeds.width')}>
            <ToggleButton value="wide">{t('publish.embeds.wide')}</ToggleButton>
            <ToggleButton value="phone">{t('publish.embeds.phone')}</ToggleButton>
          </ToggleButtonGroup>
          <Button component={RouterLink} to="/publish/embeddable_items">
            {t('common.back')}
          </Button>
        </Stack>
      </Stack>
      <Paper sx={{ p: 1, overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('publish.embeds.previewOf', { name: item.data.name })}>
        <iframe
          title={t('publish.embeds.previewOf', { name: item.data.name })}
          srcDoc={page}
          sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
          style={{ border: 0, width: width === 'phone' ? 390 : '100%', maxWidth: '100%', height: 480, display: 'block', margin: '0 auto' }}
          data-testid="embed-frame"
        />
      </Paper>
    </Stack>
  );
}
