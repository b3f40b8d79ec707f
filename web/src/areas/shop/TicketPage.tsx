import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { languageOf } from '../../i18n/languages';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../api/sdk.gen';
import { ErrorState } from '../../components/ErrorState';
import { StatusChip } from '../../components/StatusChip';
import { ticketWhen } from '../../lib/zoned';
import { AttendeeForm } from './AttendeeForm';
import { ShopLayout } from './ShopLayout';
import { TicketUpgrade } from './TicketUpgrade';

/** `/s/{seller}/tickets/{code}`: the buyer's ticket, shown at the door: its QR code, its code in letters, the
 * event's name, when and where. */
export default function TicketPage() {
  const { t, i18n } = useTranslation();
  const { username = '', code = '' } = useParams();
  const ticket = useQuery({ queryKey: ['ticket', username, code], queryFn: ({ signal }) => sdk.ticketPage(username, code, { signal }), retry: false });
  return (
    <ShopLayout seller={ticket.data?.sellerName ?? username}>
      {ticket.isError ? (
        <ErrorState error={ticket.error} onRetry={() => void ticket.refetch()} />
      ) : ticket.isPending ? (
        <Skeleton variant="rounded" height={480} sx={{ maxWidth: 420, mx: 'auto' }} />
      ) : (
        <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 420, mx: 'auto', textAlign: 'center', borderTop: 8, borderColor: ticket.data.accentColor }} data-testid="ticket-page">
          <Typography variant="overline" color="text.secondary">
            {ticket.data.ticketName}
          </Typography>
          <Typography variant="h5" component="h1" gutterBottom>
            {ticket.data.productName}
          </Typography>
          <Stack spacing={0.5} sx={{ mb: 2 }}>
            <Typography>{ticketWhen(ticket.data, i18n.language, t('events.anyDay'))}</Typography>
            <Typography color="text.secondary">{ticket.data.location || (ticket.data.online ? t('events.onlineChip') : '')}</Typography>
          </Stack>
          <Box component="img" src={ticket.data.qrSvg} alt={t('events.qrAlt', { code: ticket.data.code })} sx={{ width: '100%', maxWidth: 260, imageRendering: 'pixelated', opacity: ticket.data.state === 'unused' ? 1 : 0.35 }} />
          <Typography sx={{ fontFamily: 'monospace', fontSize: 28, letterSpacing: 3, my: 1 }} data-testid="ticket-code">
            {ticket.data.code}
          </Typography>
          <Typography color="text.secondary" gutterBottom data-testid="ticket-holder">
            {ticket.data.attendee ? `${ticket.data.attendee.firstName} ${ticket.data.attendee.lastName}` : ticket.data.payerName}
          </Typography>
          <StatusChip state={ticket.data.state} size="medium" />
          {ticket.data.note ? (
            <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="ticket-note">
              {ticket.data.note}
            </Typography>
          ) : null}
          {ticket.data.state === 'unused' || ticket.data.state === 'used' ? (
            <Box sx={{ mt: 2 }}>
              <Button
                variant="outlined"
                startIcon={<PdfIcon />}
                href={`/v1/shop/${encodeURIComponent(username)}/tickets/${encodeURIComponent(code)}/pdf?lang=${languageOf(i18n.language).code}`}
                target="_blank"
                rel="noopener"
                data-testid="ticket-pdf"
              >
                {t('shop.ticketPdf')}
              </Button>
            </Box>
          ) : null}
          {ticket.data.state === 'unused' ? <AttendeeForm username={username} code={code} ticket={ticket.data} /> : null}
          {ticket.data.state === 'unused' ? <TicketUpgrade username={username} code={code} holder={ticket.data.payerName} /> : null}
          {ticket.data.upgradedTo ? (
            <Alert severity="info" sx={{ mt: 2, textAlign: 'left' }} data-testid="upgraded-to">
              {t('upgrade.replaced')}{' '}
              <Link component={RouterLink} to={`/s/${encodeURIComponent(username)}/tickets/${encodeURIComponent(ticket.data.upgradedTo)}`}>
                {ticket.data.upgradedTo}
              </Link>
            </Alert>
          ) : null}
          {ticket.data.state !== 'unused' && !ticket.data.upgradedTo ? (
            <Alert severity={ticket.data.state === 'used' ? 'info' : 'warning'} sx={{ mt: 2, textAlign: 'left' }}>
              {t(`events.stateNote.${ticket.data.state}`)}
            </Alert>
          ) : null}
        </Paper>
      )}
    </ShopLayout>
  );
}
