import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/LockOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBagOutlined';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CheckoutPage, SocialProof } from '../../api/types';
import { countryName } from '../../components/CountrySelect';
import { relativeTime } from '../../components/dates';

/** The trust seals of the checkout settings (core §3): Visa, Mastercard, SSL secure and the product's own seal. */
export function TrustSeals({ page, ownSeal }: { page: CheckoutPage; ownSeal?: string | null | undefined }) {
  const { t } = useTranslation();
  const seals = page.trustSeals;
  if (!seals || !(seals.visa || seals.mastercard || seals.sslSecure || (seals.ownSeal && ownSeal))) return null;
  const badge = { border: '1px solid', borderColor: 'divider', borderRadius: 1, px: 1, py: 0.25, bgcolor: '#fff', fontSize: 12, fontWeight: 700, lineHeight: '22px' };
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center', mt: 2, flexWrap: 'wrap', rowGap: 1 }} data-testid="trust-seals" role="group" aria-label={t('shop.trust.label')}>
      {seals.sslSecure ? (
        <Box sx={{ ...badge, display: 'flex', alignItems: 'center', gap: 0.5, color: 'success.dark' }}>
          <LockIcon sx={{ fontSize: 14 }} /> {t('shop.trust.ssl')}
        </Box>
      ) : null}
      {seals.visa ? <Box sx={{ ...badge, color: '#1a1f71', fontStyle: 'italic', letterSpacing: 1 }}>{t('checkoutPages.sealNames.visa').toUpperCase()}</Box> : null}
      {seals.mastercard ? (
        <Box sx={{ ...badge, display: 'flex', alignItems: 'center' }} role="img" aria-label={t('checkoutPages.sealNames.mastercard')}>
          <Box component="span" sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: '#eb001b', display: 'inline-block' }} />
          <Box component="span" sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: '#f79e1b', display: 'inline-block', ml: '-6px', opacity: 0.9 }} />
        </Box>
      ) : null}
      {seals.ownSeal && ownSeal ? <Box component="img" src={ownSeal} alt={t('shop.trust.own')} width={36} height={36} sx={{ borderRadius: '50%', objectFit: 'cover' }} /> : null}
    </Stack>
  );
}

// a small outlined badge per fact, as MUI's small outlined chip draws one (these are not buttons)
const PROOF_BADGE = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 0.5,
  minHeight: 24,
  maxWidth: '100%',
  px: 1,
  py: 0.25,
  border: 1,
  borderColor: 'grey.400',
  borderRadius: 3,
  bgcolor: '#fff',
  fontSize: '0.8125rem',
  lineHeight: 1.4,
} as const;
const PROOF_ICON = { fontSize: 18, color: 'text.secondary' } as const;

/** Social proof (core §9): the page's views, its purchases and the latest buyer, as the settings choose. */
export function SocialProofBar({ proof }: { proof?: SocialProof | undefined }) {
  const { t, i18n } = useTranslation();
  if (!proof) return null;
  const chips = [
    proof.totalViews != null ? { key: 'views', icon: <VisibilityIcon sx={PROOF_ICON} />, label: t('shop.proof.views', { count: proof.totalViews }) } : null,
    proof.totalPurchases != null ? { key: 'purchases', icon: <ShoppingBagIcon sx={PROOF_ICON} />, label: t('shop.proof.purchases', { count: proof.totalPurchases }) } : null,
    proof.recentFirstName && proof.recentAt
      ? {
          key: 'recent',
          icon: <ShoppingBagIcon sx={PROOF_ICON} />,
          label: proof.recentCountry
            ? t('shop.proof.recentFrom', { name: proof.recentFirstName, country: countryName(proof.recentCountry, i18n.language), when: relativeTime(proof.recentAt, i18n.language) })
            : t('shop.proof.recent', { name: proof.recentFirstName, when: relativeTime(proof.recentAt, i18n.language) }),
        }
      : null,
  ].filter((x) => x !== null);
  if (!chips.length) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid="social-proof">
      {chips.map((c) => (
        <Box key={c.key} sx={PROOF_BADGE}>
          {c.icon}
          {c.label}
        </Box>
      ))}
    </Stack>
  );
}

/** The offer's countdown (core §3 theme): minutes from when this visitor first opened the page (kept for the
 * visit), in the page's colours; at zero it says the offer's time is up, the price stays. */
export function Countdown({ page, productId }: { page: CheckoutPage; productId: number }) {
  const { t } = useTranslation();
  const theme = page.theme;
  const minutes = theme?.countdownMinutes ?? 15;
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!theme?.countdownEnabled) return;
    const key = `sellflow.countdown.${productId}`;
    const started = Number(sessionStorage.getItem(key)) || Date.now();
    sessionStorage.setItem(key, String(started));
    const tick = () => setLeft(Math.max(0, started + minutes * 60_000 - Date.now()));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [theme?.countdownEnabled, minutes, productId]);
  if (!theme?.countdownEnabled || left === null) return null;
  const m = Math.floor(left / 60_000);
  const s = Math.floor((left % 60_000) / 1000);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center', bgcolor: theme.countdownColor, color: theme.countdownFontColor, borderRadius: 1, py: 1, px: 2, mb: 2 }} data-testid="countdown" role="timer">
      <TimerIcon fontSize="small" />
      <Typography sx={{ fontWeight: 600 }}>
        {left > 0 ? `${theme.countdownText || t('shop.countdown.text')} ${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : t('shop.countdown.over')}
      </Typography>
    </Stack>
  );
}

/** The pay button's words (core §9 buy button text options); `dynamic` names the amount. */
export function buyButtonLabel(text: string | undefined, amount: string, t: TFunction): string {
  if (!text || text === 'dynamic') return t('shop.pay', { amount });
  return t(`shop.buyButton.${text}`, { amount });
}
