import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { validateEmail } from '../../lib/validation';
import { AuthLayout } from './AuthLayout';
import { useFields } from './fields';

/** A one-field form that sends a mail: resend confirmation, password reset. */
export function EmailRequestPage({ title, doneText, send }: { title: string; doneText: string; send: (email: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const form = useFields({ email: '' }, { email: validateEmail });
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !form.validate()) return;
    setBusy(true);
    try {
      await send(form.values.email.trim());
      setSent(true);
    } catch {
      /* the client showed the error */
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={title}>
      {sent ? (
        <Alert severity="success" data-testid="email-request-sent">
          {doneText}
        </Alert>
      ) : (
        <Stack component="form" noValidate onSubmit={submit} spacing={1}>
          <TextField label={t('auth.email')} type="email" autoComplete="email" autoFocus {...form.field('email')} />
          <Button type="submit" variant="contained" loading={busy} disabled={busy}>
            {t('auth.send')}
          </Button>
        </Stack>
      )}
      <Link component={RouterLink} to="/users/sign_in" sx={{ display: 'block', pt: 2 }}>
        {t('common.signIn')}
      </Link>
    </AuthLayout>
  );
}
