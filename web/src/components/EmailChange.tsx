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

const EMAIL_WORDS: Record<string, string> = { exists: 'account.emailChange.exists', unchanged: 'account.emailChange.unchanged' };

/** The address a user signs in with and gets mail at, and its change: a link goes to the new address, which takes
 * over only when the link is followed (`/users/change_email`); the old address is told. */
export function EmailChange({ email }: { email: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [next, setNext] = useState('');
  const [password, setPassword] = useState('');
  const send = useMutation({ mutationFn: () => sessionApi.changeEmail(next.trim(), password) });
  const errors = fieldErrors(send.error);
  const close = () => {
    setOpen(false);
    setPassword('');
  };
  return (
    <Paper sx={{ p: 2, maxWidth: 560 }} data-testid="email-change">
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t('account.emailChange.title')}
        </Typography>
        <Typography variant="body2">{t('account.emailChange.current', { email })}</Typography>
        {send.isSuccess ? (
          <Alert severity="success" data-testid="email-change-sent">
            {t('account.emailChange.sent', { email: next.trim(), current: email })}
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
            {(
              [
                { key: 'email', value: next, set: setNext, type: 'email', auto: 'email', max: 320, help: errors.email ? t(EMAIL_WORDS[errors.email] ?? 'account.emailChange.invalid') : ' ' },
                { key: 'password', value: password, set: setPassword, type: 'password', auto: 'current-password', max: 128, help: t(errors.password ? 'account.emailChange.wrongPassword' : 'account.emailChange.passwordHelp') },
              ] as const
            ).map((f) => (
              <TextField
                key={f.key}
                label={t(f.key === 'email' ? 'account.emailChange.newEmail' : 'account.emailChange.password')}
                type={f.type}
                autoComplete={f.auto}
                value={f.value}
                onChange={(e) => f.set(e.target.value)}
                error={Boolean(errors[f.key])}
                helperText={f.help}
                slotProps={{ htmlInput: { maxLength: f.max, 'data-testid': f.key === 'email' ? 'email-change-new' : 'email-change-password' } }}
              />
            ))}
            {send.isError && !errors.email && !errors.password ? <Alert severity="error">{t('toast.error')}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            disabled={send.isPending || !next.trim()}
            onClick={() => send.mutate(undefined, { onSuccess: close })}
            data-testid="email-change-send"
          >
            {t('account.emailChange.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
