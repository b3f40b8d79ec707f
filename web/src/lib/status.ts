/** Status colour rules of core §4 (mirrors domain/colors.py). */

export type StatusTone = 'green' | 'red' | 'amber' | 'neutral';

const GREEN = new Set(['active', 'successful', 'paid', 'payed', 'paying', 'published', 'publishing', 'out_of_duration']);
const RED = new Set(['error', 'expired', 'payment_not_completed', 'payment_paused', 'publish_canceled', 'publish_paused']);
const AMBER = new Set(['payment_canceled', 'payment_pending', 'payment_waiting', 'payment_refunded', 'publish_pending']);
const EMPHASISED = new Set([
  'error',
  'expired',
  'payment_canceled',
  'payment_not_completed',
  'payment_paused',
  'payment_refunded',
  'publish_canceled',
  'publish_paused',
]);

export interface StatusStyle {
  tone: StatusTone;
  /** MUI palette colour for a Chip. */
  color: 'success' | 'error' | 'warning' | 'default';
  emphasised: boolean;
}

export function statusStyle(state: string | null | undefined): StatusStyle {
  const s = state ?? '';
  const tone: StatusTone = GREEN.has(s) ? 'green' : RED.has(s) ? 'red' : AMBER.has(s) ? 'amber' : 'neutral';
  const color = tone === 'green' ? 'success' : tone === 'red' ? 'error' : tone === 'amber' ? 'warning' : 'default';
  return { tone, color, emphasised: EMPHASISED.has(s) };
}
