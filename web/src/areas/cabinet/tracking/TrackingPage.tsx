import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import type { Answer } from '../../../api/sdk';
import * as sdk from '../../../api/sdk.gen';
import { toast } from '../../../app/notify';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { Page } from '../../../components/Page';

type Settings = Answer<'get_tracking'>;
type Code = Settings['codes'][number];
const MODES = ['none', 'simple', 'rich', 'external'] as const;
const TYPES = ['google_analytics_4', 'google_tag_manager', 'facebook_pixel', 'google_analytics'] as const;
const PAGES = ['shop', 'product', 'checkout', 'thank_you'] as const;
const CATEGORIES = ['preferences', 'statistics', 'marketing'] as const;
const PLACEHOLDER: Record<string, string> = {
  google_analytics: 'UA-XXXXXXX',
  google_analytics_4: 'G-XXXXXXX',
  google_tag_manager: 'GTM-XXXXXXX',
  facebook_pixel: 'XXXXXXXXXXXXXXXX',
};
const KEY = ['tracking'] as const;

/** `/cabinet/tracking`: the shop's tracking codes and its cookie consent. A code loads on the shop's built pages
 * only on the pages chosen for it, and only after the visitor agreed to its category. */
export default function TrackingPage() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: KEY, queryFn: ({ signal }) => sdk.getTracking({ signal }) });
  if (q.isPending) return <Skeleton variant="rounded" height={320} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <Page title={t('tracking.title')}>
      <Typography color="text.secondary">{t('tracking.intro')}</Typography>
      <TrackingForm initial={q.data} />
    </Page>
  );
}

function TrackingForm({ initial }: { initial: Settings }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [value, setValue] = useState<Settings>(initial);
  useEffect(() => setValue(initial), [initial]);
  const save = useMutation({
    mutationFn: () => sdk.saveTracking(value, { suppressErrors: true }),
    onSuccess: (saved) => {
      qc.setQueryData(KEY, saved);
      toast(t('common.saved'), 'success');
    },
  });
  const err = save.error instanceof ApiError ? save.error : null;
  const consent = value.consent;
  const setConsent = (c: Partial<Settings['consent']>) => setValue({ ...value, consent: { ...consent, ...c } });
  const setCode = (i: number, c: Partial<Code>) => setValue({ ...value, codes: value.codes.map((x, j) => (j === i ? { ...x, ...c } : x)) });
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('tracking.consent')}
          </Typography>
          <TextField select label={t('tracking.mode')} value={consent.mode} onChange={(e) => setConsent({ mode: e.target.value as Settings['consent']['mode'], externalProvider: e.target.value === 'external' ? 'cookiebot' : consent.externalProvider })} helperText={t(`tracking.modes.${consent.mode}.help`)} slotProps={{ htmlInput: { 'data-testid': 'consent-mode' } }}>
            {MODES.map((m) => (
              <MenuItem key={m} value={m}>
                {t(`tracking.modes.${m}.name`)}
              </MenuItem>
            ))}
          </TextField>
          {consent.mode === 'external' ? (
            <TextField label={t('tracking.cookiebotId')} value={consent.cookiebotId ?? ''} onChange={(e) => setConsent({ cookiebotId: e.target.value || null })} placeholder="00000000-0000-0000-0000-000000000000" />
          ) : null}
          <TextField select label={t('tracking.blocking')} value={consent.blockingMode} onChange={(e) => setConsent({ blockingMode: e.target.value as Settings['consent']['blockingMode'] })} helperText={t(`tracking.blockingHelp.${consent.blockingMode}`)}>
            {(['auto', 'manual'] as const).map((m) => (
              <MenuItem key={m} value={m}>
                {t(`tracking.blockingModes.${m}`)}
              </MenuItem>
            ))}
          </TextField>
          {consent.mode === 'rich' ? (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Typography variant="body2">{t('tracking.categories')}</Typography>
              {CATEGORIES.map((c) => {
                const on = consent.categories?.includes(c) ?? false;
                return <Chip key={c} label={t(`storefront.consent.categories.${c}`)} color={on ? 'primary' : 'default'} variant={on ? 'filled' : 'outlined'} onClick={() => setConsent({ categories: on ? (consent.categories ?? []).filter((x) => x !== c) : [...(consent.categories ?? []), c] })} />;
              })}
            </Stack>
          ) : null}
          {consent.mode === 'simple' || consent.mode === 'rich' ? (
            <TextField label={t('tracking.text')} value={consent.text ?? ''} onChange={(e) => setConsent({ text: e.target.value })} multiline minRows={2} helperText={t('tracking.textHelp')} slotProps={{ htmlInput: { maxLength: 1000 } }} />
          ) : null}
        </Stack>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h6" component="h2">
              {t('tracking.codes')}
            </Typography>
            <Button
              onClick={() =>
                setValue({
                  ...value,
                  codes: [...value.codes, { id: `code-${Date.now().toString(36)}`, trackingType: 'google_analytics_4', code: '', eventPages: ['shop', 'product'], category: 'statistics', name: '' }],
                })
              }
              disabled={value.codes.length >= 20}
              data-testid="add-code"
            >
              {t('tracking.addCode')}
            </Button>
          </Stack>
          {value.codes.length === 0 ? <EmptyState title={t('tracking.noCodes')} /> : null}
          {value.codes.map((c, i) => (
            <Paper key={c.id} variant="outlined" sx={{ p: 1.5 }} data-testid="code-row">
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
                <TextField select size="small" label={t('tracking.type')} value={c.trackingType} onChange={(e) => setCode(i, { trackingType: e.target.value as Code['trackingType'] })} sx={{ minWidth: 200 }}>
                  {TYPES.map((x) => (
                    <MenuItem key={x} value={x}>
                      {t(`tracking.types.${x}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField size="small" label={t('tracking.code')} value={c.code} placeholder={PLACEHOLDER[c.trackingType]} onChange={(e) => setCode(i, { code: e.target.value.trim() })} slotProps={{ htmlInput: { maxLength: 40, 'data-testid': `code-${i}` } }} />
                {consent.blockingMode === 'manual' ? (
                  <TextField select size="small" label={t('tracking.category')} value={c.category ?? 'statistics'} onChange={(e) => setCode(i, { category: e.target.value as Code['category'] })} sx={{ minWidth: 150 }}>
                    {CATEGORIES.map((x) => (
                      <MenuItem key={x} value={x}>
                        {t(`storefront.consent.categories.${x}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : null}
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, flex: 1 }}>
                  {PAGES.map((p) => {
                    const on = c.eventPages?.includes(p) ?? false;
                    return <Chip key={p} size="small" label={t(`tracking.pages.${p}`)} color={on ? 'primary' : 'default'} variant={on ? 'filled' : 'outlined'} onClick={() => setCode(i, { eventPages: on ? (c.eventPages ?? []).filter((x) => x !== p) : [...(c.eventPages ?? []), p] })} />;
                  })}
                </Stack>
                <IconButton aria-label={t('common.delete')} onClick={() => setValue({ ...value, codes: value.codes.filter((_, j) => j !== i) })}>
                  <DeleteIcon />
                </IconButton>
              </Stack>
            </Paper>
          ))}
          <Alert severity="info">{t('tracking.pagesNote')}</Alert>
        </Stack>
      </Paper>
      {err ? <Alert severity="error" data-testid="tracking-error">{err.status === 400 ? t('tracking.invalid') : err.message}</Alert> : null}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending} data-testid="save-tracking">
          {t('common.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
