import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shopApi } from '../../api/shop';
import { ShopLayout } from './ShopLayout';

type Answer = Awaited<ReturnType<typeof shopApi.paypalReturn>>;

/** `/s/{username}/{slug}/paypal/{token}`: where PayPal sends the buyer back. The shop asks for the payment to be
 * finished (an approved PayPal order is captured once) and goes on to the thank-you page; a cancelled or declined
 * payment leads back to the checkout. */
export default function PayPalReturnPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { username = '', slug = '', token = '' } = useParams();
  const [params] = useSearchParams();
  const cancelled = params.get('cancel') === '1';
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failed, setFailed] = useState(false);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    shopApi
      .paypalReturn(username, token)
      .then((a) => {
        if (a.outcome === 'succeeded' || a.outcome === 'processing') {
          navigate(`/s/${encodeURIComponent(username)}/${encodeURIComponent(slug)}/thank_you/${encodeURIComponent(token)}`, { replace: true });
        } else setAnswer(a);
      })
      .catch(() => setFailed(true));
  }, [navigate, slug, token, username]);

  const checkout = `/s/${encodeURIComponent(username)}/${encodeURIComponent(slug)}`;
  return (
    <ShopLayout seller={username}>
      <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 520, mx: 'auto' }} data-testid="paypal-return">
        {!answer && !failed ? (
          <Stack spacing={2} sx={{ alignItems: 'center', py: 2 }}>
            <CircularProgress />
            <Typography>{t('shop.paypal.finishing')}</Typography>
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Alert severity={answer?.outcome === 'requires_action' ? 'info' : 'error'} data-testid="paypal-problem">
              {failed
                ? t('shop.paymentFailed')
                : answer?.outcome === 'requires_action'
                  ? t(cancelled ? 'shop.paypal.cancelled' : 'shop.paypal.notApproved')
                  : t('shop.paypal.declined')}
            </Alert>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              {answer?.approveUrl ? (
                <Button variant="contained" href={answer.approveUrl} data-testid="paypal-again">
                  {t('shop.paypal.again')}
                </Button>
              ) : null}
              <Button component={RouterLink} to={checkout} variant={answer?.approveUrl ? 'text' : 'contained'} data-testid="paypal-back">
                {t('shop.paypal.back')}
              </Button>
            </Stack>
          </Stack>
        )}
      </Paper>
    </ShopLayout>
  );
}
