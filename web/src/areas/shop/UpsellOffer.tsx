import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { shopApi } from '../../api/shop';
import type { ShopOffer } from '../../api/types';
import { useMoney } from '../../components/Money';
import { shopQueries } from './queries';
import { getStripe } from './stripe';
import { useAppConfig } from './useAppConfig';

/** The offer after the purchase: the upsell, charged with one click with the card that just paid (no card entered
 * again); declined (or not paid), the downsell in its place. A bank that insists on 3-D Secure gets it here. */
export function UpsellOffer({ username, token, upsells, downsells, title }: { username: string; token: string; upsells: readonly ShopOffer[]; downsells: readonly ShopOffer[]; title?: string | null | undefined }) {
  const { t } = useTranslation();
  const money = useMoney();
  const config = useAppConfig();
  const queryClient = useQueryClient();
  const [declined, setDeclined] = useState<number[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upsell = upsells.find((o) => !declined.includes(o.id));
  const offer = upsell ?? (declined.length ? downsells.find((o) => !declined.includes(o.id)) : undefined);
  if (!offer) return null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: shopQueries.order(username, token).queryKey });
  const buy = async () => {
    setBusy(offer.id);
    setError(null);
    try {
      let answer = await shopApi.buyUpsell(username, token, offer.id);
      if (answer.outcome === 'requires_action' && answer.clientSecret && config.data?.stripeJsUrl && config.data.stripePublishableKey) {
        const stripe = await getStripe(config.data.stripeJsUrl, config.data.stripePublishableKey);
        const confirmed = await stripe.confirmCardPayment(answer.clientSecret);
        answer = confirmed.error ? { ...answer, outcome: 'failed', message: confirmed.error.message ?? null } : await shopApi.authenticated(username, answer.orderToken);
      }
      if (answer.outcome === 'succeeded' || answer.outcome === 'processing') {
        await refresh();
        // its delivery (a download, a key) follows the payment by a moment: ask again shortly
        for (const ms of [1500, 4000]) setTimeout(() => void refresh(), ms);
        return;
      }
      setError(answer.message || t('shop.upsell.failed'));
      setDeclined((d) => [...d, offer.id]); // not paid: the downsell, if there is one, takes its place
    } catch (e) {
      setError(e instanceof ApiError && e.reason === 'upsell_unavailable' ? t('shop.upsell.unavailable') : t('shop.upsell.failed'));
      void refresh();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, width: '100%', textAlign: 'left', borderColor: 'warning.main', borderWidth: 2 }} data-testid={`upsell-${offer.kind}`}>
      <Typography variant="overline" color="warning.dark">
        {title || t(offer.kind === 'downsell' ? 'shop.upsell.downsellTitle' : 'shop.upsell.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {offer.coverUrl ? <Box component="img" src={offer.coverUrl} alt="" width={72} height={72} sx={{ objectFit: 'cover', borderRadius: 1 }} /> : null}
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6">{offer.title || offer.productName}</Typography>
          {offer.description ? (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
              {offer.description}
            </Typography>
          ) : null}
          <Typography sx={{ fontWeight: 600, mt: 0.5 }}>{money(offer.price, offer.currency)}</Typography>
        </Box>
      </Stack>
      {error ? (
        <Alert severity="warning" sx={{ mt: 1 }} role="alert">
          {error}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" color="warning" loading={busy === offer.id} disabled={busy !== null} onClick={() => void buy()} data-testid="upsell-buy">
          {t('shop.upsell.buy', { amount: money(offer.price, offer.currency) })}
        </Button>
        <Button disabled={busy !== null} onClick={() => setDeclined((d) => [...d, offer.id])} data-testid="upsell-decline">
          {t('shop.upsell.decline')}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('shop.upsell.sameCard')}
      </Typography>
    </Paper>
  );
}
