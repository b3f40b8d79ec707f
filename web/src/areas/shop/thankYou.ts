import type { ShopOrder } from '../../api/types';

/** The checkout ended without a payment. */
export const FAILED_STATES = new Set(['payment_not_completed']);
/** Paid once, then changed: a subscription canceled or paused, a refund, a chargeback. The buyer still sees their
 * order and invoice (a link from the confirmation mail must not say the payment failed). */
export const LATER_STATES = new Set(['payment_canceled', 'payment_paused', 'payment_refunded', 'payment_chargebacked']);
/** Paid what is due: a one-time order paid, or a subscription running (its first rate paid). */
export const PAID_STATES = new Set(['paid', 'paying']);
/** After the order is paid, keep polling a little for the download link and invoice number. */
export const EXTRA_POLLS_AFTER_PAID = 30;

/** The thank-you page polls every second until the order is paid (and shows its download). */
export function pollInterval(order: ShopOrder | undefined, pollsSincePaid: number): number | false {
  if (!order) return 1000;
  if (FAILED_STATES.has(order.paymentState) || LATER_STATES.has(order.paymentState)) return false;
  if ((order.wire || order.sepa) && !PAID_STATES.has(order.paymentState)) return 5000; // a transfer or a debit takes its time
  if (order.payLater) return 5000; // delivered, its invoice still open: the page notices the transfer
  if (!PAID_STATES.has(order.paymentState)) return 1000;
  // a test period or start day: nothing was charged, so no invoice comes; the first payment's day is known
  if (delivered(order) && (order.invoiceNumber || order.firstDue)) return false;
  return pollsSincePaid < EXTRA_POLLS_AFTER_PAID ? 1000 : false;
}

/** What the order gives the buyer has arrived: a file, a license key, a link or a text. */
export function delivered(order: ShopOrder): boolean {
  return Boolean(
    order.downloadUrl || order.licenseKey || order.courseUrl || order.ticketCode || order.certificateNumber || order.certificatePending || order.items?.length || order.deliveryLink || order.deliveryText,
  );
}

/** Fulfilment is still running (nothing delivered and no invoice yet): the page shows a spinner meanwhile. A
 * service without a booking note delivers nothing, so its page stops waiting once the invoice is there. */
export function awaitsDelivery(order: ShopOrder): boolean {
  return !delivered(order) && !order.invoiceNumber && !order.firstDue;
}
