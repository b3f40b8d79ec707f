import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import QrIcon from '@mui/icons-material/QrCode2';
import UploadIcon from '@mui/icons-material/UploadFile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldErrors } from '../../../../api/errors';
import * as sdk from '../../../../api/sdk.gen';
import { actingHeaders } from '../../../../api/acting';
import { getTokens } from '../../../../api/tokens';
import type { Product } from '../../../../api/types';
import { TicketDesignInSchema } from '../../../../api/zod.gen';
import { toast } from '../../../../app/notify';
import { ErrorState } from '../../../../components/ErrorState';
import { openProtectedFile } from '../../../../lib/download';
import { useSchemaForm } from '../../../../lib/zodForm';
import { productKeys } from '../queries';

type Design = Awaited<ReturnType<typeof sdk.getTicketDesign>>;
const NOTE_MAX = 300;
const SAMPLE_CODE = 'ABCDE-23456';

/** Dark words on a light band, white on a dark one (as the PDF does). */
function light(hex: string): boolean {
  const d = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(d.slice(i, i + 2), 16) || 0);
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 160;
}

/** The logo as the cabinet shows it (a protected file: fetched with the seller's token). */
function useLogo(productId: number, hasLogo: boolean | undefined, version: number): string | null {
  const source = `/v1/cabinet/products/${productId}/ticket_design/logo?v=${version}`;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!hasLogo) return setUrl(null);
    let made: string | null = null;
    const token = getTokens()?.accessToken;
    void fetch(source, { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...actingHeaders(source) } })
      .then((r) => (r.ok ? r.blob() : null))
      .then((b) => {
        if (b) {
          made = URL.createObjectURL(b);
          setUrl(made);
        }
      });
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [hasLogo, source]);
  return url;
}

/** An event's ticket design (editor §2 event tickets, step "design"): the colour of the ticket's frame and band, the
 * seller's logo, a note under the code and whether the seller's name heads the ticket, with a live preview and a
 * sample PDF. Every ticket of the event follows it, those already sold too. */
export function TicketDesignStep({ product }: { product: Product }) {
  const key = [...productKeys.detail(product.id), 'ticket-design'] as const;
  const design = useQuery({ queryKey: key, queryFn: ({ signal }) => sdk.getTicketDesign(product.id, { signal }) });
  if (design.isError) return <ErrorState error={design.error} onRetry={() => void design.refetch()} />;
  if (design.isPending) return <Skeleton variant="rounded" height={360} />;
  return <DesignForm product={product} design={design.data} queryKey={key} />;
}

function DesignForm({ product, design, queryKey }: { product: Product; design: Design; queryKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const file = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [logoVersion, setLogoVersion] = useState(0);
  const form = useSchemaForm(TicketDesignInSchema, { accentColor: design.accentColor, note: design.note ?? '', showSeller: design.showSeller });
  const { errors, isSubmitting, isDirty } = form.formState;
  const logo = useLogo(product.id, design.hasLogo, logoVersion);
  const accent = form.watch('accentColor') ?? design.accentColor;
  const shownAccent = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(accent) ? accent : design.accentColor;
  const note = form.watch('note') ?? '';
  const showSeller = form.watch('showSeller') ?? true;

  const stored = (answer: Design) => {
    queryClient.setQueryData(queryKey, answer);
    form.reset({ accentColor: answer.accentColor, note: answer.note ?? '', showSeller: answer.showSeller });
  };

  const submit = form.handleSubmit(async (v) => {
    try {
      stored(await sdk.setTicketDesign(product.id, { accentColor: v.accentColor ?? design.accentColor, note: (v.note ?? '').trim() || null, showSeller: v.showSeller ?? true }, { suppressErrors: true }));
      toast(t('common.saved'), 'success');
    } catch (e) {
      setProblem(e instanceof ApiError ? (Object.values(fieldErrors(e))[0] ?? e.message) : t('toast.error'));
    }
  });

  const upload = async (f: File) => {
    const body = new FormData();
    body.append('file', f);
    try {
      stored(await sdk.uploadTicketLogo(product.id, body, { suppressErrors: true }));
      setLogoVersion((n) => n + 1);
      setProblem(null);
    } catch (e) {
      const why = e instanceof ApiError ? (Object.values(fieldErrors(e))[0] ?? '') : '';
      setProblem(why.includes('too small') ? t('ticketDesign.logoSmall') : why.includes('too large') || why.includes('too big') ? t('ticketDesign.logoLarge') : t('ticketDesign.logoBad'));
    }
  };

  const removeLogo = async () => {
    try {
      stored(await sdk.removeTicketLogo(product.id));
    } catch {
      /* shown by the client */
    }
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 }, flex: 1, minWidth: 0, width: { xs: '100%', md: 'auto' } }}>
        <Stack spacing={2.5}>
          <Typography variant="body2" color="text.secondary">
            {t('ticketDesign.intro')}
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <Box component="input" type="color" aria-label={t('ticketDesign.pickColor')} value={shownAccent.length === 4 ? `#${[...shownAccent.slice(1)].map((c) => c + c).join('')}` : shownAccent} onChange={(e: React.ChangeEvent<HTMLInputElement>) => form.setValue('accentColor', e.target.value, { shouldDirty: true, shouldValidate: true })} sx={{ width: 56, height: 56, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }} />
            <TextField label={t('ticketDesign.color')} {...form.register('accentColor')} error={Boolean(errors.accentColor)} helperText={errors.accentColor?.message ?? t('ticketDesign.colorHelp')} sx={{ flex: 1 }} slotProps={{ htmlInput: { 'data-testid': 'ticket-accent', maxLength: 7 } }} />
          </Stack>
          <TextField
            label={t('ticketDesign.note')}
            multiline
            minRows={2}
            {...form.register('note')}
            error={Boolean(errors.note)}
            helperText={errors.note?.message ?? t('ticketDesign.noteHelp', { left: NOTE_MAX - note.length })}
            slotProps={{ htmlInput: { 'data-testid': 'ticket-note' } }}
          />
          <Controller name="showSeller" control={form.control} render={({ field }) => <FormControlLabel control={<Switch checked={field.value ?? true} onChange={(_, v) => field.onChange(v)} />} label={t('ticketDesign.showSeller')} />} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <input ref={file} type="file" accept="image/png,image/jpeg" hidden data-testid="ticket-logo" onChange={(e) => { const f = e.target.files?.[0]; if (f) void upload(f); e.target.value = ''; }} />
            <Button startIcon={<UploadIcon />} onClick={() => file.current?.click()}>
              {design.hasLogo ? t('ticketDesign.replaceLogo') : t('ticketDesign.uploadLogo')}
            </Button>
            {design.hasLogo ? (
              <Button color="inherit" startIcon={<DeleteIcon />} onClick={() => void removeLogo()}>
                {t('ticketDesign.removeLogo')}
              </Button>
            ) : null}
            <Button startIcon={<PdfIcon />} disabled={isDirty} onClick={() => void openProtectedFile(`/v1/cabinet/products/${product.id}/ticket_design/preview`).then((ok) => ok || toast(t('toast.error'), 'error'))}>
              {t('ticketDesign.samplePdf')}
            </Button>
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t('ticketDesign.logoHelp')}
          </Typography>
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          <Box>
            <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty} data-testid="ticket-design-save">
              {t('common.save')}
            </Button>
          </Box>
        </Stack>
      </Paper>
      <Paper variant="outlined" data-testid="ticket-preview" aria-label={t('ticketDesign.preview')} sx={{ width: { xs: '100%', md: 300 }, flexShrink: 0, border: 3, borderColor: shownAccent, borderRadius: 2, overflow: 'hidden' }}>
        <Stack direction="row" sx={{ bgcolor: shownAccent, color: light(shownAccent) ? '#141414' : '#fff', px: 2, py: 1.5, minHeight: 56, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {showSeller ? t('ticketDesign.sampleSeller') : null}
          </Typography>
          {logo ? <Box component="img" src={logo} alt={t('ticketDesign.logo')} sx={{ maxHeight: 40, maxWidth: 110, objectFit: 'contain' }} /> : null}
        </Stack>
        <Stack spacing={1} sx={{ p: 2 }}>
          <Typography variant="h6" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
            {product.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('ticketDesign.sampleHolder')}
          </Typography>
          <QrIcon sx={{ fontSize: 120, alignSelf: 'center', color: '#222' }} />
          <Typography sx={{ fontWeight: 700, textAlign: 'center', letterSpacing: 1 }}>{SAMPLE_CODE}</Typography>
          {note.trim() ? (
            <Typography variant="body2" sx={{ textAlign: 'center', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="ticket-preview-note">
              {note.trim()}
            </Typography>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
