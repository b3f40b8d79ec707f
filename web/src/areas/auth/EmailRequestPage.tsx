import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmailInSchema } from '../../api/zod.gen';
import { fieldProps, rules, useSchemaForm } from '../../lib/zodForm';
import { AuthLayout } from './AuthLayout';

const EmailForm = EmailInSchema.extend({ email: rules.email(EmailInSchema.shape.email) });

/** A one-field form that sends a mail: resend confirmation, password reset. */
export function EmailRequestPage({ title, doneText, send }: { title: string; doneText: string; send: (email: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const form = useSchemaForm(EmailForm, { email: '' });
  const [sent, setSent] = useState(false);

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await send(email);
      setSent(true);
    } catch {
      /* the client showed the error */
    }
  });
  const busy = form.formState.isSubmitting;

  return (
    <AuthLayout title={title}>
      {sent ? (
        <Alert severity="success" data-testid="email-request-sent">
          {doneText}
        </Alert>
      ) : (
        <Stack component="form" noValidate onSubmit={submit} spacing={1}>
          <TextField label={t('auth.email')} type="email" autoComplete="email" autoFocus {...fieldProps(form, 'email')} />
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
