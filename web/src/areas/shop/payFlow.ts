/**
 * The card payment of the checkout wizard:
 *   POST checkout → the card as a PaymentMethod → POST pay {payment_method}
 *   → succeeded or processing: done (the thank-you page waits for `paid`); failed: message;
 *   → requires_action: stripe.confirmCardPayment(client_secret) → POST authenticated → act on its outcome.
 * The card becomes a PaymentMethod in one of two ways, as the checkout answer says, so that one purchase asks for
 * 3-D Secure at most once:
 *   charged now: stripe.createPaymentMethod (nothing confirmed; the payment's own 3-D Secure is the only one);
 *   deferred (a test period or a start day, nothing charged today): stripe.confirmCardSetup, whose 3-D Secure
 *   is the only one.
 * A plan charged today (`chargedNow`) has its card made while the order opens, Stripe.js and our API side by side,
 * so the buyer waits for the longer of the two rather than both; should the checkout answer that the first rate is
 * deferred after all (a start day reached at midnight), that card is left unused and the SetupIntent saves one.
 * Another card on the same page continues the same order (`renewSetup`, which also gives a deferred order a new
 * SetupIntent, since a declined one cannot be confirmed again): one checkout page, one order, however many cards.
 */
import type { CheckoutAnswer, PayOutcome } from '../../api/types';
import { paymentMethodId, type PaymentIntentResult, type PaymentMethodResult, type SetupIntentResult, type StripeError } from './stripe';
import { ApiError } from '../../api/errors';

export type PayPhase = 'checkout' | 'confirming' | 'paying' | 'authenticating';

export interface PayDeps {
  checkout: () => Promise<CheckoutAnswer>;
  /** The order an earlier attempt on this page created, if any, and how to get a new SetupIntent for it. */
  reuse?: { orderToken: string; renewSetup: (orderToken: string) => Promise<CheckoutAnswer> };
  confirmCardSetup: (clientSecret: string) => Promise<SetupIntentResult>;
  createPaymentMethod: () => Promise<PaymentMethodResult>;
  pay: (orderToken: string, paymentMethod: string) => Promise<PayOutcome>;
  confirmCardPayment: (clientSecret: string) => Promise<PaymentIntentResult>;
  authenticated: (orderToken: string) => Promise<PayOutcome>;
  onPhase?: (phase: PayPhase) => void;
  /** The plan charges today (one payment, or a first rate due now): the card is made while the order opens. */
  chargedNow?: boolean;
}

export type PayResult =
  | { ok: true; orderToken: string }
  | {
      ok: false;
      orderToken: string | null;
      message: string | null;
      reason: 'checkout' | 'card' | 'cardInvalid' | 'declined' | 'authentication' | 'error';
      /** The fields the API refused (`payer.vat_id`: …), when it refused the checkout's input. */
      fields?: Record<string, unknown>;
    };

/** Outcomes after which the buyer goes to the thank-you page. */
function isDone(outcome: PayOutcome['outcome']): boolean {
  return outcome === 'succeeded' || outcome === 'processing';
}

function errorMessage(err: unknown): string | null {
  return err instanceof Error && err.message ? err.message : null;
}

type CardResult = { paymentMethod: string | null; error?: StripeError | null };

/** The card entered, as a PaymentMethod id: created for a charge now, saved by the SetupIntent when deferred. */
async function cardOf(deps: PayDeps, checkout: CheckoutAnswer, early: Promise<PaymentMethodResult> | null): Promise<CardResult> {
  if (checkout.deferred && checkout.setupIntentClientSecret) {
    const setup = await deps.confirmCardSetup(checkout.setupIntentClientSecret);
    return { paymentMethod: setup.error ? null : paymentMethodId(setup), error: setup.error };
  }
  const created = await (early ?? deps.createPaymentMethod());
  return { paymentMethod: created.error ? null : (created.paymentMethod?.id ?? null), error: created.error };
}

export async function payWithCard(deps: PayDeps): Promise<PayResult> {
  let orderToken: string | null = null;
  try {
    deps.onPhase?.('checkout');
    const early = deps.chargedNow ? deps.createPaymentMethod() : null;
    early?.catch(() => undefined); // awaited below, unless the checkout fails first
    const checkout = deps.reuse ? await deps.reuse.renewSetup(deps.reuse.orderToken) : await deps.checkout();
    orderToken = checkout.orderToken;

    deps.onPhase?.('confirming');
    const { paymentMethod, error } = await cardOf(deps, checkout, early);
    if (error) {
      // the card refused by its bank speaks for itself ("Your card was declined."); anything else is an entry
      // to correct (an incomplete number, a four-digit year), which the form explains in the buyer's language
      if (error.type === 'card_error' || error.code === 'card_declined') {
        return { ok: false, orderToken, message: error.message ?? null, reason: 'card' };
      }
      return { ok: false, orderToken, message: null, reason: 'cardInvalid' };
    }
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
    const fields = err instanceof ApiError && err.fields ? { fields: err.fields as Record<string, unknown> } : {};
    return { ok: false, orderToken, message: errorMessage(err), reason: orderToken ? 'error' : 'checkout', ...fields };
  }
}
