import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Divider from '@mui/material/Divider';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sessionApi } from '../../api/session';
import { SignInSchema } from '../../api/zod.gen';
import { toast } from '../../app/notify';
import { accountDeleted, forgetAccountDeleted } from '../../lib/closingNotice';
import { fieldProps, rules, useSchemaForm } from '../../lib/zodForm';
import { AuthLayout } from './AuthLayout';
import { useAfterSignIn } from './useSignedIn';

const SignInForm = SignInSchema.pick({ email: true, password: true }).extend({
  email: rules.email(SignInSchema.shape.email),
  password: SignInSchema.shape.password.min(1),
});

export default function SignInPage() {
  const { t } = useTranslation();
  const form = useSchemaForm(SignInForm, { email: '', password: '' });
  const [busy, setBusy] = useState<'signin' | 'magic' | null>(null);
  const afterSignIn = useAfterSignIn();
  const [deleted] = useState(accountDeleted); // once, after the seller confirmed the deletion of the account
  useEffect(() => forgetAccountDeleted(), []);

  const submit = form.handleSubmit(async ({ email, password }) => {
    if (busy) return;
    setBusy('signin');
    try {
      await sessionApi.signIn(email, password);
      await afterSignIn();
    } catch {
      /* the client showed the error */
    } finally {
      setBusy(null);
    }
  });

  const sendMagicLink = async () => {
    if (busy || !(await form.trigger('email'))) return;
    setBusy('magic');
    try {
      await sessionApi.sendMagicLink(form.getValues('email').trim(), 'seller');
      toast(t('auth.magicLinkSent'), 'success');
    } catch {
      /* shown by the client */
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthLayout title={t('auth.signInTitle')}>
      <Stack component="form" noValidate onSubmit={submit} spacing={1}>
        {deleted ? <Alert severity="info">{t('accountDeletion.deletedNotice')}</Alert> : null}
        <TextField label={t('auth.email')} type="email" autoComplete="email" autoFocus {...fieldProps(form, 'email')} slotProps={{ htmlInput: { 'data-testid': 'signin-email' } }} />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          {...fieldProps(form, 'password')}
          slotProps={{ htmlInput: { 'data-testid': 'signin-password' } }}
        />
        <Button type="submit" variant="contained" size="large" loading={busy === 'signin'} disabled={busy !== null} data-testid="signin-submit">
          {t('auth.signInButton')}
        </Button>
        <Divider sx={{ py: 1 }} />
        <Button variant="outlined" onClick={sendMagicLink} loading={busy === 'magic'} disabled={busy !== null} data-testid="magic-link">
          {t('auth.magicLinkButton')}
        </Button>
        <Stack spacing={0.5} sx={{ pt: 2 }}>
          <Link component={RouterLink} to="/users/sign_up">
            {t('auth.noAccount')}
          </Link>
          <Link component={RouterLink} to="/users/password/new">
            {t('auth.forgotPassword')}
          </Link>
          <Link component={RouterLink} to="/users/confirmation/new">
            {t('auth.resendConfirmation')}
          </Link>
        </Stack>
      </Stack>
    </AuthLayout>
  );
}
