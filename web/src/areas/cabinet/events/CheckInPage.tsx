import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import * as sdk from '../../../api/sdk.gen';
import { CheckInInSchema } from '../../../api/zod.gen';
import { formatDateTime } from '../../../components/dates';
import { useSchemaForm } from '../../../lib/zodForm';
import { CameraScanner } from './CameraScanner';

/** A code as the ticket prints it (ABCDE-23456), however it was typed or read from the QR code. */
export function shownCode(code: string): string {
  const bare = code.toUpperCase().replace(/[\s-]/g, '');
  return /^[0-9A-Z]{10}$/.test(bare) ? `${bare.slice(0, 5)}-${bare.slice(5)}` : code;
}

type Admitted = Awaited<ReturnType<typeof sdk.checkIn>>;
type Result = { ok: true; at: Admitted } | { ok: false; code: string; reason: string; usedAt?: string | null };

/** `/cabinet/check_in`: the door. A ticket's code typed (or read by a scanner that types), let in once; a second
 * time, a refunded, invalidated or expired ticket and an unknown code are turned away, each saying why. */
export default function CheckInPage() {
  const { t } = useTranslation();
  const form = useSchemaForm(CheckInInSchema, { code: '' });
  const [result, setResult] = useState<Result | null>(null);
  const [recent, setRecent] = useState<Admitted[]>([]);
  const input = useRef<HTMLInputElement>(null);

  const [camera, setCamera] = useState(false);

  const admit = async (code: string) => {
    try {
      const at = await sdk.checkIn({ code }, { suppressErrors: true });
      setResult({ ok: true, at });
      setRecent((r) => [at, ...r].slice(0, 10));
    } catch (e) {
      const reason = e instanceof ApiError ? (e.reason ?? (e.status === 404 ? 'unknown' : 'invalid')) : 'error';
      setResult({ ok: false, code: shownCode(code), reason, usedAt: e instanceof ApiError ? (e.fields?.used_at as string | null) : null });
    }
  };
  const submit = form.handleSubmit(async ({ code }) => {
    await admit(code);
    form.reset({ code: '' });
    if (!camera) input.current?.focus();
  });

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        {t('checkIn.title')}
      </Typography>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack component="form" noValidate onSubmit={submit} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            inputRef={input}
            autoFocus
            fullWidth
            label={t('checkIn.code')}
            {...form.register('code')}
            error={Boolean(form.formState.errors.code)}
            helperText={form.formState.errors.code?.message ?? t('checkIn.help')}
            slotProps={{ htmlInput: { 'data-testid': 'check-in-code', autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false, style: { fontFamily: 'monospace', fontSize: 22, letterSpacing: 2 } } }}
          />
          <Button type="submit" variant="contained" size="large" sx={{ mt: { sm: 1 }, flexShrink: 0 }} loading={form.formState.isSubmitting} data-testid="check-in-submit">
            {t('checkIn.submit')}
          </Button>
          {camera ? null : (
            <Button variant="outlined" size="large" startIcon={<QrCodeScannerIcon />} sx={{ mt: { sm: 1 }, flexShrink: 0 }} onClick={() => { form.clearErrors(); setCamera(true); }} data-testid="camera-start">
              {t('checkIn.camera.start')}
            </Button>
          )}
        </Stack>
      </Paper>
      {camera ? <CameraScanner onCode={(code) => void admit(code)} onStop={() => setCamera(false)} /> : null}
      {result?.ok ? (
        <Alert severity="success" variant="filled" data-testid="check-in-ok" sx={{ fontSize: 18 }}>
          <AlertTitle>{t('checkIn.welcome', { name: result.at.payerName || result.at.payerEmail })}</AlertTitle>
          {result.at.productName} · {result.at.ticketName} · <code>{result.at.code}</code>
        </Alert>
      ) : result ? (
        <Alert severity="error" variant="filled" data-testid="check-in-refused" sx={{ fontSize: 18 }}>
          <AlertTitle>{t(`checkIn.refused.${result.reason}`, { defaultValue: t('checkIn.refused.invalid') })}</AlertTitle>
          <code>{result.code}</code>
          {result.usedAt ? ` · ${t('checkIn.usedAt', { when: formatDateTime(result.usedAt) })}` : ''}
        </Alert>
      ) : null}
      {recent.length ? (
        <Paper variant="outlined">
          <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
            {t('checkIn.recent')}
          </Typography>
          <List dense>
            {recent.map((r) => (
              <ListItem key={`${r.code}-${r.usedAt}`}>
                <ListItemText primary={`${r.payerName || r.payerEmail} · ${r.ticketName}`} secondary={`${r.code} · ${formatDateTime(r.usedAt)}`} />
              </ListItem>
            ))}
          </List>
        </Paper>
      ) : null}
    </Stack>
  );
}
