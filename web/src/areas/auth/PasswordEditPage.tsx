import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldErrors } from '../../api/errors';
import { sessionApi } from '../../api/session';
import { toast } from '../../app/notify';
import { validatePassword } from '../../lib/validation';
import { AuthLayout } from './AuthLayout';
import { useFields } from './fields';

/** `/users/password/edit?reset_password_token=…` */
export default function PasswordEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('reset_password_token');
  const form = useFields({ password: '' }, { password: validatePassword });
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token || busy || !form.validate()) return;
    setBusy(true);
    try {
      await sessionApi.resetPassword(token, form.values.password);
      toast(t('auth.passwordChanged'), 'success');
      navigate('/users/sign_in', { replace: true });
    } catch (err) {
      if (err instanceof ApiError) form.setServerErrors(fieldErrors(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('auth.passwordEditTitle')}>
      {!token ? (
        <Alert severity="error">{t('auth.missingToken')}</Alert>
      ) : (
        <Stack component="form" noValidate onSubmit={submit} spacing={1}>
          <TextField label={t('auth.newPassword')} type="password" autoComplete="new-password" autoFocus {...form.field('password')} />
          <Button type="submit" variant="contained" loading={busy} disabled={busy}>
            {t('common.save')}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
