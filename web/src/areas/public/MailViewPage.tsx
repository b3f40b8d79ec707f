import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../api/sdk.gen';
import { formatDateTime } from '../../components/dates';
import { PublicLayout } from './PublicLayout';

/** A mail's text with its web addresses as links (only http and https; everything else stays text). */
function Linked({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered
          <Link key={i} href={part} rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** `/email_logs/{token}` (core §2): a mail read in a browser, as it was sent; its footer carries this link. */
export default function MailViewPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const mail = useQuery({ queryKey: ['mail-view', token], queryFn: ({ signal }) => sdk.mailView(token, { signal, suppressErrors: true }), retry: false });
  return (
    <PublicLayout>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
        <Paper sx={{ p: { xs: 2, md: 4 } }}>
          {mail.isPending ? <Skeleton variant="rounded" height={160} /> : null}
          {mail.isError ? <Alert severity="error">{t('emails.view.missing')}</Alert> : null}
          {mail.data ? (
            <>
              <Typography variant="h5" component="h1" sx={{ mb: 1 }} data-testid="mail-subject">
                {mail.data.subject}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
                {mail.data.sentAt ? t('emails.view.sent', { at: formatDateTime(mail.data.sentAt) }) : t('emails.view.queued')}
              </Typography>
              <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="mail-body">
                <Linked text={mail.data.body} />
              </Typography>
            </>
          ) : null}
        </Paper>
      </Container>
    </PublicLayout>
  );
}
