import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../../api/sdk.gen';
import { consentOf, fire, type Sale, type TrackedPage } from './tracker';

const YEARS_10 = 315_360_000;

/** The categories a visitor accepted in Cookiebot, in the shop's own cookie's words (null: not answered). */
export function cookiebotConsent(cookie: string): string | null {
  const raw = consentOf(cookie, 'CookieConsent');
  if (raw === null) return null;
  return ['necessary', ...['preferences', 'statistics', 'marketing'].filter((k) => raw.includes(`${k}:true`))].join(',');
}

/** The shop's tracking on the web app's checkout (`begin_checkout`) and thank-you page (`purchase`, once per order
 * in this browser however often the page is opened), after the visitor's consent: the shop's banner when the
 * visitor has not answered it yet here or on the shop's built pages (the same cookie). Draws nothing else. */
export function ShopTracking({ username, page, sale, ready = true }: { username: string; page: TrackedPage; sale: Sale; ready?: boolean }) {
  const { t } = useTranslation();
  const tracking = useQuery({ queryKey: ['shop', 'tracking', username], queryFn: ({ signal }) => sdk.getShopTracking(username, { signal, suppressErrors: true }), retry: false, staleTime: 60_000 });
  const [consent, setConsent] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const done = useRef(false);
  const data = tracking.data;
  const codes = (data?.codes ?? []).filter((c) => c.pages.includes(page));
  // an outside consent tool (Cookiebot) keeps its own cookie: `{…,statistics:true,marketing:false,…}`
  const cookie = !data ? null : data.mode === 'external' ? cookiebotConsent(document.cookie) : consentOf(document.cookie, data.cookie);
  const answer = consent ?? cookie;
  const once = sale.transactionId ? `sf_purchase_${sale.transactionId}` : null;

  useEffect(() => {
    if (!data || !ready || done.current || !codes.length) return;
    if (data.mode !== 'none' && answer === null) return; // the banner asks first
    if (once && window.localStorage.getItem(once)) return; // this order's purchase was sent from here before
    done.current = true;
    if (fire(codes, page, data.mode, answer, sale) && once) window.localStorage.setItem(once, '1');
  }, [data, ready, answer, codes, once, page, sale]);

  if (!data || !codes.length || data.mode === 'none' || data.mode === 'external' || answer !== null) return null;
  const decide = (value: string) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the shop's consent cookie, read by its server-rendered pages too (Cookie Store API is not in every browser)
    document.cookie = `${data.cookie}=${encodeURIComponent(value)}; path=/; max-age=${YEARS_10}; samesite=lax`;
    setConsent(value);
  };
  return (
    <Paper
      role="dialog"
      aria-label={t('storefront.consent.title')}
      elevation={8}
      sx={{ position: 'fixed', left: 12, right: 12, bottom: 12, zIndex: 1300, maxWidth: 640, mx: 'auto', p: 2 }}
      data-testid="consent-banner"
    >
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {data.text || t('storefront.consent.text')}
      </Typography>
      {data.mode === 'rich' ? (
        <Stack sx={{ mb: 1.5 }}>
          {data.categories
            .filter((c) => c !== 'necessary')
            .map((c) => (
              <FormControlLabel
                key={c}
                control={<Checkbox size="small" checked={chosen.includes(c)} onChange={(e) => setChosen((x) => (e.target.checked ? [...x, c] : x.filter((y) => y !== c)))} />}
                label={t(`storefront.consent.categories.${c}`)}
              />
            ))}
        </Stack>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => decide('necessary')} data-testid="consent-decline">
          {t('storefront.consent.decline')}
        </Button>
        {data.mode === 'rich' ? (
          <Button variant="outlined" onClick={() => decide(['necessary', ...chosen].join(','))}>
            {t('storefront.consent.save')}
          </Button>
        ) : null}
        <Button variant="contained" onClick={() => decide('all')} data-testid="consent-accept">
          {t('storefront.consent.accept')}
        </Button>
      </Stack>
    </Paper>
  );
}
