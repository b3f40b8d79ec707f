import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sessionApi } from '../../api/session';
import { ResetInSchema } from '../../api/zod.gen';
import { toast } from '../../app/notify';
import { fieldProps, rules, showFieldErrors, useSchemaForm } from '../../lib/zodForm';
import { AuthLayout } from './AuthLayout';

const PasswordForm = ResetInSchema.pick({ password: true }).extend({ password: rules.newPassword(ResetInSchema.shape.password) });

/** `/users/password/edit?reset_password_token=…` */
export default function PasswordEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('reset_password_token');
  const form = useSchemaForm(PasswordForm, { password: '' });

  const submit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    try {
      await sessionApi.resetPassword(token, password);
      toast(t('auth.passwordChanged'), 'success');
      navigate('/users/sign_in', { replace: true });
    } catch (err) {
      showFieldErrors(form, err);
    }
  });
  const busy = form.formState.isSubmitting;

  return (
    <AuthLayout title={t('auth.passwordEditTitle')}>
      {!token ? (
        <Alert severity="error">{t('auth.missingToken')}</Alert>
      ) : (
        <Stack component="form" noValidate onSubmit={submit} spacing={1}>
          <TextField label={t('auth.newPassword')} type="password" autoComplete="new-password" autoFocus {...fieldProps(form, 'password')} />
          <Button type="submit" variant="contained" loading={busy} disabled={busy}>
            {t('common.save')}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
