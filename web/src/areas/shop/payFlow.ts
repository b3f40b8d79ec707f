/**
 * The card payment of the checkout wizard:
 *   POST checkout → stripe.confirmCardSetup → POST pay {payment_method}
 *   → succeeded or processing: done (the thank-you page waits for `paid`); failed: message;
 *   → requires_action: stripe.confirmCardPayment(client_secret) → POST authenticated → act on its outcome.
 * A declined SetupIntent cannot be confirmed again, so another card on the same page asks for a new SetupIntent
 * for the same order (`renewSetup`): one checkout page, one order, however many cards the buyer tries.
 */
import type { CheckoutAnswer, PayOutcome } from '../../api/types';
import { paymentMethodId, type PaymentIntentResult, type SetupIntentResult } from './stripe';

export type PayPhase = 'checkout' | 'confirming' | 'paying' | 'authenticating';

export interface PayDeps {
  checkout: () => Promise<CheckoutAnswer>;
  /** The order an earlier attempt on this page created, if any, and how to get a new SetupIntent for it. */
  reuse?: { orderToken: string; renewSetup: (orderToken: string) => Promise<CheckoutAnswer> };
  confirmCardSetup: (clientSecret: string) => Promise<SetupIntentResult>;
  pay: (orderToken: string, paymentMethod: string) => Promise<PayOutcome>;
  confirmCardPayment: (clientSecret: string) => Promise<PaymentIntentResult>;
  authenticated: (orderToken: string) => Promise<PayOutcome>;
  onPhase?: (phase: PayPhase) => void;
}

export type PayResult =
  | { ok: true; orderToken: string }
  | {
      ok: false;
      orderToken: string | null;
      message: string | null;
      reason: 'checkout' | 'card' | 'cardInvalid' | 'declined' | 'authentication' | 'error';
    };

/** Outcomes after which the buyer goes to the thank-you page. */
function isDone(outcome: PayOutcome['outcome']): boolean {
  return outcome === 'succeeded' || outcome === 'processing';
}

function errorMessage(err: unknown): string | null {
  return err instanceof Error && err.message ? err.message : null;
}

export async function payWithCard(deps: PayDeps): Promise<PayResult> {
  let orderToken: string | null = null;
  try {
    deps.onPhase?.('checkout');
    const checkout = deps.reuse ? await deps.reuse.renewSetup(deps.reuse.orderToken) : await deps.checkout();
    orderToken = checkout.orderToken;

    deps.onPhase?.('confirming');
    const setup = await deps.confirmCardSetup(checkout.setupIntentClientSecret);
    if (setup.error) {
      // the card refused by its bank speaks for itself ("Your card was declined."); anything else is an entry
      // to correct (an incomplete number, a four-digit year), which the form explains in the buyer's language
      if (setup.error.type === 'card_error' || setup.error.code === 'card_declined') {
        return { ok: false, orderToken, message: setup.error.message ?? null, reason: 'card' };
      }
      return { ok: false, orderToken, message: null, reason: 'cardInvalid' };
    }
    const paymentMethod = paymentMethodId(setup);
    if (!paymentMethod) return { ok: false, orderToken, message: null, reason: 'card' };

    deps.onPhase?.('paying');
    let outcome = await deps.pay(orderToken, paymentMethod);

    if (outcome.outcome === 'requires_action' && outcome.clientSecret) {
      deps.onPhase?.('authenticating');
      const auth = await deps.confirmCardPayment(outcome.clientSecret);
      outcome = await deps.authenticated(orderToken);
      if (!isDone(outcome.outcome)) {
        return { ok: false, orderToken, message: outcome.message ?? auth.error?.message ?? null, reason: 'authentication' };
      }
    }
    if (isDone(outcome.outcome)) return { ok: true, orderToken };
    return { ok: false, orderToken, message: outcome.message ?? null, reason: outcome.outcome === 'failed' ? 'declined' : 'authentication' };
  } catch (err) {
    return { ok: false, orderToken, message: errorMessage(err), reason: orderToken ? 'error' : 'checkout' };
  }
}
