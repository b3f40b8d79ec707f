import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MailIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sessionApi } from '../../api/session';
import { takeReferer } from '../../api/tokens';
import { MagicLinkInSchema } from '../../api/zod.gen';
import { sessionKeys } from '../../app/queries';
import { PageLoader } from '../../components/PageLoader';
import { useSchemaForm } from '../../lib/zodForm';
import { ShopLayout } from '../shop/ShopLayout';

/** `/s/{seller}/sign_in`: a buyer signs in for one seller by magic link. Without `token`, the buyer asks for the
 * link by email; the mailed link comes back here with `token` and opens the payer area (or the page they wanted). */
export default function PayerSignInPage() {
  const { t } = useTranslation();
  const { username = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const form = useSchemaForm(MagicLinkInSchema, { email: '', profileType: 'payer', seller: username });

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    sessionApi
      .magicLink(token)
      .then(() => {
        queryClient.removeQueries({ queryKey: sessionKeys.me() });
        const referer = takeReferer();
        const home = `/payer/s/${encodeURIComponent(username)}`;
        // back to where the sign-in was asked for: the payer area, or a membership page of this shop
        const back = referer?.startsWith(home) || referer?.startsWith(`/v/${encodeURIComponent(username)}/`);
        navigate(back && referer ? referer : home, { replace: true });
      })
      .catch(() => setFailed(true));
  }, [token, username, navigate, queryClient]);

  const send = form.handleSubmit(async ({ email }) => {
    await sessionApi.sendPayerLink(email.trim(), username);
    setSent(email.trim());
  });

  if (token && !failed) {
    return (
      <ShopLayout seller={username}>
        <PageLoader minHeight={200} />
      </ShopLayout>
    );
  }
  return (
    <ShopLayout seller={username}>
      <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 520, mx: 'auto' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('payer.signIn.title', { seller: username })}
        </Typography>
        {failed ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="payer-link-failed">
            {t('payer.signIn.failed')}
          </Alert>
        ) : null}
        {sent ? (
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }} data-testid="payer-link-sent">
            <MailIcon color="primary" sx={{ fontSize: 48 }} />
            <Typography>{t('payer.signIn.sent', { email: sent })}</Typography>
            <Button onClick={() => setSent(null)}>{t('payer.signIn.again')}</Button>
          </Stack>
        ) : (
          <Stack component="form" noValidate onSubmit={send} spacing={2}>
            <Typography color="text.secondary">{t('payer.signIn.body')}</Typography>
            <TextField
              type="email"
              label={t('auth.email')}
              autoComplete="email"
              {...form.register('email', { required: true })}
              error={Boolean(form.formState.errors.email)}
              helperText={form.formState.errors.email?.message}
              slotProps={{ htmlInput: { 'data-testid': 'payer-email' } }}
            />
            <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting} data-testid="payer-send-link">
              {t('payer.signIn.send')}
            </Button>
          </Stack>
        )}
      </Paper>
    </ShopLayout>
  );
}
