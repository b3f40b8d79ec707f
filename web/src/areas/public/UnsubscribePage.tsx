import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../api/sdk.gen';
import { PublicLayout } from './PublicLayout';

/** `/emails/unsubscribe/{token}`: a notification mail's unsubscribe link opened in a browser. It asks before it stops
 * the mails (a link checker that opens every link must not unsubscribe anyone); a mail client's own button posts
 * at once (RFC 8058). */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const kind = useQuery({ queryKey: ['unsubscribe', token], queryFn: ({ signal }) => sdk.unsubscribeLink(token, { signal, suppressErrors: true }), retry: false });
  const stop = useMutation({ mutationFn: () => sdk.unsubscribe(token, { suppressErrors: true }) });
  const type = kind.data?.type;
  const name = type ? t(`notifications.types.${type}.label`) : '';
  const stopped = stop.isSuccess || kind.data?.mailed === false;
  return (
    <PublicLayout>
      <Container component="main" maxWidth="sm" sx={{ py: { xs: 3, md: 8 } }}>
        <Paper sx={{ p: { xs: 2, md: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {t('emails.unsubscribe.title')}
          </Typography>
          {kind.isPending ? <Skeleton variant="rounded" height={80} /> : null}
          {kind.isError ? <Alert severity="error">{t('emails.unsubscribe.invalid')}</Alert> : null}
          {type && !stopped ? (
            <Stack spacing={2}>
              <Typography>{t('emails.unsubscribe.ask', { kind: name })}</Typography>
              {stop.isError ? <Alert severity="error">{t('emails.unsubscribe.failed')}</Alert> : null}
              <Button variant="contained" onClick={() => stop.mutate()} loading={stop.isPending} data-testid="unsubscribe-confirm" sx={{ alignSelf: 'flex-start' }}>
                {t('emails.unsubscribe.stop')}
              </Button>
            </Stack>
          ) : null}
          {type && stopped ? (
            <Stack spacing={2}>
              <Alert severity="success" data-testid="unsubscribe-done">
                {t('emails.unsubscribe.done', { kind: name })}
              </Alert>
              <Typography variant="body2" color="text.secondary">
                {t('emails.unsubscribe.settings')}{' '}
                <RouterLink to="/cabinet/settings/notifications">{t('emails.unsubscribe.settingsLink')}</RouterLink>
              </Typography>
            </Stack>
          ) : null}
        </Paper>
      </Container>
    </PublicLayout>
  );
}
