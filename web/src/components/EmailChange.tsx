import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../api/errors';
import { sessionApi } from '../api/session';
import { ChangeEmailInSchema } from '../api/zod.gen';
import { fieldProps, rules, useSchemaForm } from '../lib/zodForm';

const EMAIL_WORDS: Record<string, string> = { exists: 'account.emailChange.exists', unchanged: 'account.emailChange.unchanged' };
const ChangeForm = ChangeEmailInSchema.extend({ email: rules.email(ChangeEmailInSchema.shape.email), password: ChangeEmailInSchema.shape.password.unwrap().unwrap() });

/** The address a user signs in with and gets mail at, and its change: a link goes to the new address, which takes
 * over only when the link is followed (`/users/change_email`); the old address is told. */
export function EmailChange({ email }: { email: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(ChangeForm, { email: '', password: '' });
  const send = useMutation({ mutationFn: (body: { email: string; password: string }) => sessionApi.changeEmail(body.email, body.password) });
  const close = () => {
    setOpen(false);
    form.resetField('password');
  };
  const submit = form.handleSubmit((body) =>
    send.mutate(body, {
      onSuccess: close,
      onError: (err) => {
        const refused = fieldErrors(err);
        if (refused.email) form.setError('email', { message: t(EMAIL_WORDS[refused.email] ?? 'account.emailChange.invalid') });
        if (refused.password) form.setError('password', { message: t('account.emailChange.wrongPassword') });
      },
    }),
  );
  const refused = fieldErrors(send.error);
  return (
    <Paper sx={{ p: 2, maxWidth: 560 }} data-testid="email-change">
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('account.emailChange.title')}
        </Typography>
        <Typography variant="body2">{t('account.emailChange.current', { email })}</Typography>
        {send.isSuccess ? (
          <Alert severity="success" data-testid="email-change-sent">
            {t('account.emailChange.sent', { email: send.variables?.email, current: email })}
          </Alert>
        ) : null}
        <Button variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => setOpen(true)} data-testid="email-change-open">
          {t('account.emailChange.open')}
        </Button>
      </Stack>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <DialogTitle>{t('account.emailChange.open')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('account.emailChange.newEmail')}
              type="email"
              autoComplete="email"
              {...fieldProps(form, 'email')}
              slotProps={{ htmlInput: { maxLength: 320, 'data-testid': 'email-change-new' } }}
            />
            <TextField
              label={t('account.emailChange.password')}
              type="password"
              autoComplete="current-password"
              {...fieldProps(form, 'password', t('account.emailChange.passwordHelp'))}
              slotProps={{ htmlInput: { maxLength: 128, 'data-testid': 'email-change-password' } }}
            />
            {send.isError && !refused.email && !refused.password ? <Alert severity="error">{t('toast.error')}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            disabled={send.isPending || !form.watch('email')?.trim()}
            onClick={submit}
            data-testid="email-change-send"
          >
            {t('account.emailChange.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
