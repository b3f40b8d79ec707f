import { type ReactNode, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { shopApi } from '../../api/shop';
import { useMoney } from '../../components/Money';
import { formatDate } from '../../components/dates';
import { RateChip } from '../cabinet/billing/RateChip';
import { ShopLayout } from './ShopLayout';
import { shopQueries } from './queries';
import { paymentMethodId } from './stripe';
import { useAppConfig } from './useAppConfig';
import { useCardElement } from './useCardElement';

const manageKey = (username: string, token: string) => ['shopManage', username, token] as const;

/** `/s/{username}/payment/{token}/manage`: the payer's page of a recurring order (the order token is the key):
 * the rates and what is due next, another card (a rate in dunning is charged to it at once), cancellation. */
export default function ManagePage() {
  const { t } = useTranslation();
  const money = useMoney();
  const qc = useQueryClient();
  const { username = '', token = '' } = useParams();
  const page = useQuery({
    queryKey: manageKey(username, token),
    queryFn: ({ signal }) => shopApi.manage(username, token, signal),
    refetchInterval: 4000,
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 3,
  });
  // the shop's name for the header, as on the product and thank-you pages (the username until it is known)
  const order = useQuery({ ...shopQueries.order(username, token), staleTime: Infinity, retry: false });
  const [changing, setChanging] = useState(false);
  const [allRates, setAllRates] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [paying, setPaying] = useState<number | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: manageKey(username, token) });

  const cancel = async () => {
    if (!window.confirm(t('billing.cancelConfirm'))) return;
    try {
      await shopApi.manageCancel(username, token);
      setNotice({ tone: 'success', text: t('billing.cancelRequested') });
      refresh();
    } catch (e) {
      setNotice({ tone: 'error', text: e instanceof Error ? e.message : t('toast.error') });
    }
  };

  const payRate = async (rate: number, currency: string) => {
    setPaying(rate);
    try {
      const r = await shopApi.managePayRate(username, token, rate);
      setNotice(
        r.paid
          ? { tone: 'success', text: t('billing.ratePaidNow', { number: rate, amount: money(r.amount, currency) }) }
          : { tone: 'error', text: t('billing.ratePayFailed', { reason: r.message ?? '' }) },
      );
    } catch (e) {
      setNotice({ tone: 'error', text: e instanceof Error ? e.message : t('toast.error') });
    } finally {
      setPaying(null);
      refresh();
    }
  };

  const s = page.data;
  let body: ReactNode;
  if (page.isError && !s) {
    body = <Alert severity="error">{t('billing.manageNotFound')}</Alert>;
  } else if (!s) {
    body = <CircularProgress />;
  } else {
    const paid = s.rates.filter((r) => r.state === 'paid').length;
    const owing = s.rates.some((r) => r.state === 'unpaid' || r.state === 'debt');
    const running = s.phase === 'active' || s.phase === 'paused';
    const payable = s.rates.some((r) => r.payable);
    body = (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {t('billing.manageTitle', { product: s.productName })}
        </Typography>
        <Typography color="text.secondary">{t('billing.manageIntro')}</Typography>
        {notice ? <Alert severity={notice.tone}>{notice.text}</Alert> : null}
        {owing ? <Alert severity="warning" data-testid="manage-owing">{t('billing.unpaidNotice')}</Alert> : null}
        {!owing && running && s.cardExpiring && s.cardExpires ? (
          <Alert severity="info" data-testid="manage-card-expiring">
            {t('billing.cardExpiring', { month: `${s.cardExpires.slice(5, 7)}/${s.cardExpires.slice(0, 4)}` })}
          </Alert>
        ) : null}
        <Paper sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
            {s.phase ? <Chip color={s.phase === 'active' ? 'success' : 'default'} label={t(`billing.phase.${s.phase}`)} sx={{ alignSelf: 'flex-start' }} /> : null}
            <Typography variant="body2">
              {s.paymentsCount ? t('billing.ratesOf', { paid, count: s.paymentsCount }) : t('billing.ratesPaid', { count: paid })}
              {' · '}
              {s.nextDue
                ? s.nextAmount != null
                  ? t('billing.nextCharge', { date: formatDate(s.nextDue), amount: money(s.nextAmount, s.currency) })
                  : t('billing.nextDue', { date: formatDate(s.nextDue) })
                : t('billing.noNextDue')}
            </Typography>
          </Stack>
          {s.cardLast4 ? (
            <Typography variant="body2" sx={{ mb: 2 }} data-testid="manage-saved-card">
              {t('billing.savedCard', {
                brand: t(`billing.cardBrand.${s.cardBrand ?? 'card'}`, { defaultValue: s.cardBrand ?? '' }),
                last4: s.cardLast4,
                month: s.cardExpires ? `${s.cardExpires.slice(5, 7)}/${s.cardExpires.slice(0, 4)}` : '–',
              })}
            </Typography>
          ) : null}
          <Stack spacing={0.5} data-testid="manage-rates">
            {shownRates(s.rates, allRates).map((r) => (
              <Stack key={r.number} direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }} data-testid={`manage-rate-${r.number}`}>
                <Typography variant="body2" sx={{ minWidth: 0 }}>
                  {t('shop.rateDue', { number: r.number, date: formatDate(r.dueOn) })}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                  <Typography variant="body2">{money(r.amount, s.currency)}</Typography>
                  <RateChip state={r.state} />
                  {r.payable ? (
                    <Button
                      size="small"
                      variant="contained"
                      loading={paying === r.number}
                      disabled={paying !== null}
                      onClick={() => void payRate(r.number, s.currency)}
                      data-testid={`manage-pay-rate-${r.number}`}
                    >
                      {t('billing.payRateNow', { amount: money(r.amount - r.paidAmount, s.currency) })}
                    </Button>
                  ) : null}
                </Stack>
              </Stack>
            ))}
            {!allRates && shownRates(s.rates, false).length < shownRates(s.rates, true).length ? (
              <Button size="small" onClick={() => setAllRates(true)} sx={{ alignSelf: 'flex-start' }} data-testid="manage-all-rates">
                {t('billing.showAllRates', { count: shownRates(s.rates, true).length })}
              </Button>
            ) : null}
          </Stack>
        </Paper>
        {running || payable ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="contained" onClick={() => setChanging(true)} disabled={changing} data-testid="manage-change-card">
              {t('billing.changeCard')}
            </Button>
            {running ? (
              <Button color="error" onClick={() => void cancel()} data-testid="manage-cancel">
                {t('billing.cancelSubscription')}
              </Button>
            ) : null}
          </Stack>
        ) : null}
        {changing ? (
          <CardChange
            username={username}
            token={token}
            onDone={(text, tone) => {
              setNotice({ tone, text });
              if (tone === 'success') setChanging(false);
              refresh();
            }}
          />
        ) : null}
      </Stack>
    );
  }
  return <ShopLayout seller={order.data?.sellerName ?? (order.isPending ? null : username)}>{body}</ShopLayout>;
}

/** Another card through a SetupIntent of the payer's customer; the API accepts only the card it saved. */
function CardChange({ username, token, onDone }: { username: string; token: string; onDone: (text: string, tone: 'success' | 'error') => void }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const { state, stripe, card } = useCardElement(config.data?.stripeJsUrl, config.data?.stripePublishableKey, 'manage-card');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const client = stripe.current;
    const element = card.current;
    if (!client || !element || busy) return;
    setBusy(true);
    try {
      const setup = await shopApi.manageSetup(username, token);
      const result = await client.confirmCardSetup(setup.setupIntentClientSecret, {
        payment_method: { card: element, billing_details: { name: '', email: '' } },
      });
      const pm = paymentMethodId(result);
      if (result.error || !pm) {
        onDone(result.error?.message ?? t('shop.cardInvalid'), 'error');
        return;
      }
      await shopApi.manageCard(username, token, pm);
      onDone(t('billing.cardSaved'), 'success');
    } catch (e) {
      onDone(e instanceof Error ? e.message : t('toast.error'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper sx={{ p: 2 }}>
      <Box id="manage-card" sx={{ p: 1.5, border: '1px solid #cfd4da', borderRadius: 1, minHeight: 44, mb: 2 }} data-testid="manage-card" />
      {state === 'unavailable' ? <Alert severity="error">{t('shop.cardUnavailable')}</Alert> : null}
      <Button variant="contained" onClick={() => void save()} loading={busy} disabled={state !== 'ready'} data-testid="manage-save-card">
        {t('billing.saveCard')}
      </Button>
    </Paper>
  );
}

/** The rates a payer reads: every past one and the next few to come (all on request); skipped ones never. */
function shownRates<R extends { state: string }>(rates: R[], all: boolean): R[] {
  const visible = rates.filter((r) => r.state !== 'skipped');
  if (all) return visible;
  let future = 0;
  return visible.filter((r) => r.state !== 'future' || ++future <= NEXT_RATES_SHOWN);
}

const NEXT_RATES_SHOWN = 3;
