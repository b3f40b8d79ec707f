import { type ReactNode, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import QrIcon from '@mui/icons-material/QrCode2';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import IconButton from '@mui/material/IconButton';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import * as sdk from '../../api/sdk.gen';
import { languageOf } from '../../i18n/languages';
import { useMoney } from '../../components/Money';
import { formatDate, formatDateTime } from '../../components/dates';
import { StatusChip } from '../../components/StatusChip';
import { Tracking } from './tracking/Tracking';
import { CheckoutStepper } from './CheckoutStepper';
import { ShopLayout } from './ShopLayout';
import { toast } from '../../app/notify';
import { ExtrasList } from './ExtrasList';
import { IncludedList } from './IncludedList';
import { awaitsDelivery, FAILED_STATES, LATER_STATES, PAID_STATES, pollInterval } from './thankYou';
import { shopQueries } from './queries';
import { UpsellOffer } from './UpsellOffer';
import { WireBox } from './WireBox';

/** The key a license-key order delivers, with a copy button. */
function LicenseKeyBox({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, width: '100%' }} data-testid="license-key">
      <Typography variant="overline" color="text.secondary">
        {t('shop.licenseKey')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
        <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: '1.25rem', wordBreak: 'break-all' }}>
          {value}
        </Typography>
        <IconButton aria-label={t('shop.copyKey')} onClick={() => void navigator.clipboard?.writeText(value).then(() => toast(t('shop.copied'), 'success'))}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Stack>
    </Paper>
  );
}

/** The seller's built thank-you page, as tall as its content (it runs no script; links open in the app). */
function BuiltThankYou({ html, title }: { html: string; title: string }) {
  const [height, setHeight] = useState(360);
  return (
    <Box
      component="iframe"
      title={title}
      srcDoc={html}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
      onLoad={(e) => {
        const doc = (e.currentTarget as HTMLIFrameElement).contentDocument;
        if (doc) setHeight(doc.documentElement.scrollHeight);
      }}
      data-testid="thank-you-built"
      sx={{ display: 'block', width: '100%', height, border: 0 }}
    />
  );
}

/** `/s/{username}/{slug}/thank_you/{token}`: the success step; polls the order every second until paid. */
export default function ThankYouPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const { username = '', token = '', slug = '' } = useParams();
  const pollsSincePaid = useRef(0);
  const order = useQuery({
    ...shopQueries.order(username, token),
    refetchInterval: (q) => pollInterval(q.state.data, pollsSincePaid.current),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 5,
  });
  const data = order.data;
  const paid = data ? PAID_STATES.has(data.paymentState) : false;
  const later = data ? LATER_STATES.has(data.paymentState) : false;
  // the seller's own thank-you page, when they built one, in place of the platform's words
  const lang = languageOf(i18n.language).code;
  const built = useQuery({
    queryKey: ['thank-you-page', username, token, lang],
    queryFn: ({ signal }) => sdk.thankYouPage(username, token, { lang }, { signal, suppressErrors: true }) as unknown as Promise<string>,
    enabled: (paid || later) && Boolean(data?.thankYouPage),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  // the seller's funnel page first, once, while it has an offer open (its buttons come back here with funnel=done)
  const funnelUrl = data?.funnelUrl;
  useEffect(() => {
    if (funnelUrl && new URLSearchParams(window.location.search).get('funnel') !== 'done') window.location.replace(funnelUrl);
  }, [funnelUrl]);

  // one more poll since the order was paid, each time an answer arrives (the download link comes shortly after)
  const answeredAt = order.dataUpdatedAt;
  useEffect(() => {
    if (paid && answeredAt > 0) pollsSincePaid.current += 1;
  }, [paid, answeredAt]);

  let body: ReactNode;
  if (order.isError && !data) {
    body = <Alert severity="error">{order.error instanceof ApiError && order.error.status === 404 ? t('shop.orderNotFound') : order.error.message}</Alert>;
  } else if (data?.wire && !paid) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }} data-testid="thank-you-wire">
        <Typography variant="h5" component="h1">
          {t('shop.wire.thanks')}
        </Typography>
        <Typography color="text.secondary">{t('shop.wire.mailed', { email: data.payerEmail })}</Typography>
        <Typography>
          {data.productName} · {money(data.total, data.currency)}
        </Typography>
        <WireBox wire={data.wire} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <CircularProgress size={16} />
          <Typography variant="body2">{t('shop.wire.waiting')}</Typography>
        </Stack>
      </Stack>
    );
  } else if (data?.sepa && !paid && !later && !FAILED_STATES.has(data.paymentState)) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }} data-testid="thank-you-sepa">
        <Typography variant="h5" component="h1">
          {t('shop.sepa.thanks')}
        </Typography>
        <Typography>
          {t('shop.sepa.debited', { amount: money(data.total, data.currency), account: `${data.sepa.ibanCountry} •••• ${data.sepa.ibanLast4}`, holder: data.sepa.holder })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('shop.sepa.reference', { reference: data.sepa.reference })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <CircularProgress size={16} />
          <Typography variant="body2">{t('shop.sepa.waiting', { email: data.payerEmail })}</Typography>
        </Stack>
      </Stack>
    );
  } else if (!data || (!paid && !later && !FAILED_STATES.has(data.paymentState))) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 4 }} data-testid="thank-you-waiting">
        <CircularProgress />
        <Typography>{t('shop.waitingForPayment')}</Typography>
        {data ? <StatusChip state={data.paymentState} /> : null}
      </Stack>
    );
  } else if (!paid && !later) {
    body = (
      <Alert severity="error" data-testid="payment-error">
        {t('shop.paymentFailed')} <StatusChip state={data.paymentState} />
      </Alert>
    );
  } else {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }} data-testid="thank-you">
        {built.data ? (
          <BuiltThankYou html={built.data} title={t('shop.thankYouTitle')} />
        ) : data.thankYouPage && built.isPending ? (
          <Skeleton variant="rounded" width="100%" height={120} />
        ) : (
          <>
            <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
            <Typography variant="h4" component="h1">
              {t('shop.thankYouTitle')}
            </Typography>
          </>
        )}
        <Typography color="text.secondary">{t('shop.thankYouBody', { email: data.payerEmail })}</Typography>
        <Typography>
          {data.productName} · {money(data.total, data.currency)}
        </Typography>
        {later && !data.payLater ? <StatusChip state={data.paymentState} /> : null}
        {data.payLater ? <WireBox wire={data.payLater} later /> : null}
        {data.licenseKey ? <LicenseKeyBox value={data.licenseKey} /> : null}
        {data.courseUrl ? (
          <Button variant="contained" size="large" component={RouterLink} to={data.courseUrl} startIcon={<SchoolIcon />} data-testid="course-link">
            {t('shop.openCourse', { product: data.productName })}
          </Button>
        ) : null}
        {data.certificateNumber && data.certificateUrl ? (
          <Paper variant="outlined" sx={{ p: 2, width: '100%' }} data-testid="certificate-box">
            <Typography variant="overline" color="text.secondary">
              {t('certificates.yours')}
            </Typography>
            <Typography sx={{ fontFamily: 'monospace', fontSize: 20 }}>{data.certificateNumber}</Typography>
            <Button component={RouterLink} to={data.certificateUrl} variant="contained" sx={{ mt: 1 }} data-testid="certificate-open">
              {t('certificates.open')}
            </Button>
          </Paper>
        ) : data.certificatePending ? (
          <Alert severity="info" sx={{ textAlign: 'left' }} data-testid="certificate-pending">
            {t('certificates.pending')}
          </Alert>
        ) : null}
        {data.ticketCode && data.ticketUrl ? (
          <Paper variant="outlined" sx={{ p: 2, width: '100%' }} data-testid="ticket-box">
            <Typography variant="overline" color="text.secondary">
              {t('events.yourTicket')}
            </Typography>
            <Typography sx={{ fontFamily: 'monospace', fontSize: 24, letterSpacing: 2 }}>{data.ticketCode}</Typography>
            <Button component={RouterLink} to={data.ticketUrl} variant="contained" startIcon={<QrIcon />} sx={{ mt: 1 }} data-testid="ticket-open">
              {t('events.openTicket')}
            </Button>
          </Paper>
        ) : null}
        {data.items?.length ? <IncludedList items={data.items} /> : null}
        <ExtrasList extras={data.extras ?? []} username={username} />
        {data.deliveryLink ? (
          <Button variant="contained" size="large" href={data.deliveryLink} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNewIcon />} data-testid="delivery-link">
            {t('shop.openDelivery', { product: data.productName })}
          </Button>
        ) : null}
        {data.deliveryText ? (
          <Paper variant="outlined" sx={{ p: 2, textAlign: 'left', whiteSpace: 'pre-wrap', width: '100%' }} data-testid="delivery-text">
            {data.deliveryText}
          </Paper>
        ) : null}
        {data.downloadUrl ? (
          <Button variant="contained" size="large" href={data.downloadUrl} startIcon={<DownloadIcon />} data-testid="download-link" download>
            {t('shop.download', { product: data.productName })}
          </Button>
        ) : later || data.licenseKey || data.courseUrl || data.ticketCode || data.certificateNumber || data.certificatePending || data.items?.length || data.deliveryLink || data.deliveryText || !awaitsDelivery(data) ? null : (
          <CircularProgress size={24} aria-label={t('shop.preparing')} />
        )}
        {paid ? <UpsellOffer username={username} token={token} upsells={data.upsells ?? []} downsells={data.downsells ?? []} title={data.upsellTitle} /> : null}
        {data.firstDue && data.firstAmount != null ? (
          <Alert severity="info" data-testid="first-charge" sx={{ textAlign: 'left' }}>
            {t('shop.firstChargeLater', { amount: money(data.firstAmount, data.currency), date: formatDate(data.firstDue) })}
          </Alert>
        ) : null}
        {data.invoiceNumber ? (
          <Typography variant="body2" data-testid="invoice-number">
            {t('shop.invoiceNumber', { number: data.invoiceNumber })}
          </Typography>
        ) : null}
        {data.invoiceNumber
          ? (['pdf', 'xrechnung'] as const).map((as) => (
              <Link
                key={as}
                variant="body2"
                href={`/v1/shop/${encodeURIComponent(username)}/orders/${encodeURIComponent(token)}/invoices/${data.invoiceNumber}/${as}`}
                {...(as === 'pdf' ? { target: '_blank', rel: 'noopener' } : { download: true })}
                data-testid={`invoice-${as}`}
              >
                {t(as === 'pdf' ? 'shop.invoicePdf' : 'shop.invoiceXrechnung')}
              </Link>
            ))
          : null}
        {data.withdrawalConsent ? (
          <Typography variant="body2" color="text.secondary" data-testid="consent-given">
            {t('shop.legal.consentGiven', { at: formatDateTime(data.withdrawalConsent.at) })}{' '}
            <q>{data.withdrawalConsent.text}</q>
          </Typography>
        ) : null}
        {data.recurring ? (
          <Link
            variant="body2"
            component={RouterLink}
            to={`/s/${encodeURIComponent(username)}/payment/${encodeURIComponent(token)}/manage`}
            data-testid="manage-link"
          >
            {t('shop.managePayments')}
          </Link>
        ) : null}
        <Typography variant="caption" color="text.secondary">
          {t('shop.orderToken', { token: data.token })}
        </Typography>
      </Stack>
    );
  }

  return (
    <ShopLayout seller={data?.sellerName}>
      <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mx: 'auto' }}>
        <CheckoutStepper active={paid || later ? 'success_page' : 'payment_selection'} skipped={['pricing_plans_update']} done={paid || later} />
        {body}
      </Paper>
      {data && (paid || later) ? (
        <Tracking
          username={username}
          page="thank_you"
          // not while the page is leaving for the seller's funnel: the purchase is sent when the buyer is back
          ready={!(funnelUrl && new URLSearchParams(window.location.search).get('funnel') !== 'done')}
          sale={{ value: data.total, currency: data.currency, itemId: slug, itemName: data.productName, transactionId: data.token }}
        />
      ) : null}
    </ShopLayout>
  );
}
