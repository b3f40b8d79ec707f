/** A buyer's invoice details at the checkout: which the form asks, what the API takes, what it refused. */
import { currencyExponent } from '../../lib/money';

export type InvoiceKey = 'company' | 'vatId' | 'leitwegId' | 'street' | 'streetNumber' | 'zip' | 'city';
export const INVOICE_FIELDS: { key: InvoiceKey; label: string; autoComplete: string; sm: number }[] = [
  { key: 'company', label: 'shop.company', autoComplete: 'organization', sm: 7 },
  { key: 'vatId', label: 'shop.vatId', autoComplete: 'off', sm: 5 },
  // a German public authority's Leitweg-ID: its invoice also comes as an XRechnung
  { key: 'leitwegId', label: 'shop.leitwegId', autoComplete: 'off', sm: 12 },
  { key: 'street', label: 'shop.street', autoComplete: 'address-line1', sm: 9 },
  { key: 'streetNumber', label: 'shop.streetNumber', autoComplete: 'off', sm: 3 },
  { key: 'zip', label: 'shop.zip', autoComplete: 'postal-code', sm: 4 },
  { key: 'city', label: 'shop.city', autoComplete: 'address-level2', sm: 8 },
];

/** The payer details the API refused (its field keys, `payer.vat_id` or camelCased `payer.vatId`), as the
 * form's messages; null when it refused none of them. */
export function refusedDetails(fields: Record<string, unknown> | undefined): Partial<Record<InvoiceKey | 'country', string>> | null {
  const leaves = Object.keys(fields ?? {})
    .filter((k) => k.startsWith('payer.'))
    .map((k) => (k.split('.').pop() ?? '').replace(/_/g, '').toLowerCase());
  if (!leaves.length) return null;
  const out: Partial<Record<InvoiceKey | 'country', string>> = {};
  if (leaves.includes('vatid')) out.vatId = 'shop.vatIdRefused';
  if (leaves.includes('leitwegid')) out.leitwegId = 'shop.leitwegIdRefused';
  if (leaves.includes('company')) out.company = 'shop.companyForVatId';
  // the invoice needs the address (the API's rule said so, with a price the page had not known yet)
  for (const k of ['street', 'zip', 'city', 'country'] as const) if (leaves.includes(k)) out[k] = 'shop.addressRequired';
  return out;
}

/** Whether the invoice needs the buyer's postal address (the API's rule, domain/orders/invoices.py): a business
 * buyer, a seller who asks it of everyone, or more than 250 of the currency's units (§ 33 UStDV). */
export function addressNeeded(amount: number, currency: string, business: boolean, sellerAsks: boolean): boolean {
  return business || sellerAsks || amount > 250 * 10 ** currencyExponent(currency);
}

/** The invoice details as the API takes them (blank ones left out), and what is missing before sending. */
export function invoiceDetails(business: boolean, v: Record<InvoiceKey, string>, country: string, needsAddress = false) {
  if (!business && !needsAddress) return { details: {}, errors: {} };
  const trimmed = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x.trim()])) as Record<InvoiceKey, string>;
  const errors: Partial<Record<InvoiceKey | 'country', string>> = {};
  if (needsAddress) for (const k of ['street', 'zip', 'city'] as const) if (!trimmed[k]) errors[k] = 'shop.addressRequired';
  if (needsAddress && !country) errors.country = 'shop.addressRequired';
  if (trimmed.vatId && !trimmed.company) errors.company = 'shop.companyForVatId';
  if (trimmed.leitwegId && !trimmed.company) errors.company = 'shop.companyForLeitwegId';
  if (trimmed.vatId && !country) errors.country = 'shop.countryForVatId';
  const details = Object.fromEntries(Object.entries(trimmed).filter(([, x]) => x)) as Partial<Record<InvoiceKey, string>>;
  return { details, errors };
}

