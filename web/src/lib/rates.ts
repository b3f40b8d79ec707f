/** Order rate states (core §4) and their colours, shared by the cabinet and the payer's manage page. */
export const RATE_STATES = ['future', 'pending', 'paid', 'unpaid', 'partly_paid', 'skipped', 'debt', 'chargebacked', 'refunded'] as const;
export const RATE_TONE: Record<string, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  future: 'default',
  pending: 'info',
  paid: 'success',
  unpaid: 'error',
  partly_paid: 'warning',
  skipped: 'default',
  debt: 'error',
  chargebacked: 'error',
  refunded: 'info',
};
