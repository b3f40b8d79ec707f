/** The platform's monthly invoices to the seller (core §4 monthly invoice states): their states, the colour of
 * each state's chip and how a month reads. */
export const PLATFORM_INVOICE_STATES = [
  'unpaid',
  'paid',
  'on_hold',
  'payment_pending',
  'refund',
  'chargeback',
  'issued',
  'canceled',
] as const;

export type ChipColor = 'success' | 'warning' | 'error' | 'info' | 'default';

const COLORS: Record<string, ChipColor> = {
  paid: 'success',
  unpaid: 'error',
  chargeback: 'error',
  on_hold: 'warning',
  payment_pending: 'warning',
  refund: 'info',
  issued: 'default',
  canceled: 'default',
};

export function platformInvoiceColor(state: string): ChipColor {
  return COLORS[state] ?? 'default';
}

/** A period `YYYY-MM` as month and year in the UI language ("March 2026", "März 2026");
 * anything else reads as given. */
export function monthLabel(period: string, language: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  const month = Number(m?.[2]);
  if (!m || month < 1 || month > 12) return period;
  const date = new Date(Date.UTC(Number(m[1]), month - 1, 1));
  return date.toLocaleDateString(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
