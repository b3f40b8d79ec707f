import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ShopProduct } from '../../../api/types';

export type CheckoutLegal = NonNullable<ShopProduct['legal']>;
// the dialog is loaded when a buyer opens a document: nothing of it weighs on the page before Buy
const DocumentDialog = lazy(() => import('./DocumentDialog'));

/** Whether the order may not be taken without the consent ticked (the API's rule, domain/orders/consent.py): the
 * seller asks everyone, or a consumer in the EU (a buyer naming no country counts as one); never for a business
 * buyer under the default rule, never where the product asks none (an event's ticket). */
export function consentRequired(legal: CheckoutLegal | undefined, country: string, business: boolean): boolean {
  const rule = legal?.consent ?? 'none'; // a page drawn without the product's legal part asks nothing
  if (rule === 'none') return false;
  if (rule === 'everyone') return true;
  return !business && (!country || (legal?.consentCountries ?? []).includes(country));
}

/** What the law asks beside the buy button: the shop's documents, opened in a dialog without leaving the checkout,
 * and the consent to begin a digital delivery at once with the acknowledgment that the withdrawal right then lapses
 * (shown wherever the product asks it; `required` decides whether ordering waits for it). */
export function LegalConsent({
  username,
  productType,
  legal,
  checked,
  onChange,
  required,
  missing,
  disabled,
}: {
  username: string;
  productType: string | undefined;
  legal: CheckoutLegal | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
  required: boolean;
  missing: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const documents = legal?.documents ?? [];
  const asked = (legal?.consent ?? 'none') !== 'none';
  if (!documents.length && !asked) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid="checkout-legal">
      {asked ? (
        <>
          <FormControlLabel
            sx={{ alignItems: 'flex-start', mr: 0 }}
            control={
              <Checkbox
                checked={checked}
                onChange={(e) => onChange(e.target.checked)}
                disabled={disabled}
                sx={{ mt: -0.75 }}
                slotProps={{ input: { 'aria-required': required, 'aria-invalid': missing, 'aria-describedby': missing ? 'consent-missing' : undefined } as object }}
                data-testid="withdrawal-consent"
              />
            }
            label={<Typography variant="body2">{t('shop.legal.consent')}</Typography>}
          />
          {missing ? (
            <Typography variant="caption" color="error" component="p" id="consent-missing" data-testid="consent-missing" sx={{ ml: 4 }}>
              {t('shop.legal.consentMissing')}
            </Typography>
          ) : null}
        </>
      ) : null}
      {documents.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="legal-links">
          {t('shop.legal.accept')}{' '}
          {documents.map((doc, i) => (
            <span key={doc}>
              {i ? ' · ' : null}
              {/* a link's look, a button's deed: it opens the document over the checkout */}
              <Box
                component="button"
                type="button"
                onClick={() => setOpen(doc)}
                data-testid={`legal-link-${doc}`}
                sx={{ p: 0, border: 0, background: 'none', font: 'inherit', color: 'primary.main', textDecoration: 'underline', cursor: 'pointer', verticalAlign: 'baseline' }}
              >
                {t(`storefront.documents.${doc}`)}
              </Box>
            </span>
          ))}
        </Typography>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <DocumentDialog username={username} document={open} productType={productType} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
