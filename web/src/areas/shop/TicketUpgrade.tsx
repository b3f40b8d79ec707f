import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UpgradeIcon from '@mui/icons-material/UpgradeOutlined';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shopApi } from '../../api/shop';
import * as sdk from '../../api/sdk.gen';
import { useMoney } from '../../components/Money';
import { ticketWhen } from '../../lib/zoned';
import { payWithCard, type PayPhase } from './payFlow';
import { useAppConfig } from './useAppConfig';
import { useCardElement } from './useCardElement';

type Option = Awaited<ReturnType<typeof sdk.ticketUpgrades>>['options'][number];

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The card payment of one upgrade: its own order for the difference, then the new ticket's page. */
function UpgradeDialog({ username, code, holder, option, onClose }: { username: string; code: string; holder: string; option: Option; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const config = useAppConfig();
  const { state: cardState, stripe, card } = useCardElement(config.data?.stripeJsUrl, config.data?.stripePublishableKey, 'upgrade-card');
  const [phase, setPhase] = useState<PayPhase | null>(null);
  const [error, setError] = useState<string | null>(null);
  const working = useRef(false);

  const submit = async () => {
    const stripeClient = stripe.current;
    const cardElement = card.current;
    if (working.current || !stripeClient || !cardElement) return;
    working.current = true;
    setError(null);
    try {
      const result = await payWithCard({
        checkout: () => sdk.startUpgrade(username, code, { pricingPlanId: option.pricingPlanId }, { suppressErrors: true }),
        confirmCardSetup: (secret) => stripeClient.confirmCardSetup(secret, { payment_method: { card: cardElement, billing_details: { name: holder } } }),
        createPaymentMethod: () => stripeClient.createPaymentMethod({ type: 'card', card: cardElement, billing_details: { name: holder } }),
        pay: (token, pm) => shopApi.pay(username, token, pm),
        confirmCardPayment: (secret) => stripeClient.confirmCardPayment(secret),
        authenticated: (token) => shopApi.authenticated(username, token),
        onPhase: setPhase,
      });
      if (!result.ok) {
        setError(result.reason === 'checkout' ? t('upgrade.unavailable') : (result.message ?? t('shop.paymentFailed')));
        return;
      }
      // the new ticket's code, once the upgrade is fulfilled
      for (let i = 0; i < 40; i += 1) {
        const status = await shopApi.order(username, result.orderToken).catch(() => null);
        if (status?.ticketCode) {
          onClose();
          navigate(`/s/${encodeURIComponent(username)}/tickets/${encodeURIComponent(status.ticketCode)}`);
          return;
        }
        await wait(750);
      }
      setError(t('upgrade.slow'));
    } finally {
      working.current = false;
      setPhase(null);
    }
  };

  return (
    <Dialog open onClose={phase ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('upgrade.title', { ticket: option.ticketName })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>{t('upgrade.explain', { price: money(option.price, option.currency) })}</Typography>
          <Box id="upgrade-card" sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, minHeight: 44 }} data-testid="upgrade-card" />
          {cardState === 'unavailable' ? <Alert severity="error">{t('shop.cardUnavailable')}</Alert> : null}
          {error ? <Alert severity="error" data-testid="upgrade-error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={phase !== null}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} loading={phase !== null} disabled={cardState !== 'ready'} data-testid="upgrade-pay">
          {t('upgrade.pay', { price: money(option.price, option.currency) })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A ticket still to be used offers the event's dearer tickets, each for the difference (core §3 `upgrade`). */
export function TicketUpgrade({ username, code, holder }: { username: string; code: string; holder: string }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const [chosen, setChosen] = useState<Option | null>(null);
  const options = useQuery({ queryKey: ['ticket', username, code, 'upgrades'], queryFn: ({ signal }) => sdk.ticketUpgrades(username, code, { signal }), retry: false });
  if (!options.data?.options.length) return null;
  return (
    <Stack spacing={1} sx={{ mt: 2, textAlign: 'left' }} data-testid="upgrades">
      <Typography variant="subtitle2">{t('upgrade.heading')}</Typography>
      {options.data.options.map((o) => (
        <Paper key={o.pricingPlanId} variant="outlined" sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{o.ticketName}</Typography>
              <Typography variant="caption" color="text.secondary">
                {ticketWhen(o, i18n.language, t('events.anyDay'))}
                {o.location ? ` · ${o.location}` : ''}
              </Typography>
            </Box>
            <Button size="small" variant="contained" startIcon={<UpgradeIcon />} onClick={() => setChosen(o)} data-testid={`upgrade-${o.pricingPlanId}`} sx={{ flexShrink: 0 }}>
              {t('upgrade.for', { price: money(o.price, o.currency) })}
            </Button>
          </Stack>
        </Paper>
      ))}
      {chosen ? <UpgradeDialog username={username} code={code} holder={holder} option={chosen} onClose={() => setChosen(null)} /> : null}
    </Stack>
  );
}
