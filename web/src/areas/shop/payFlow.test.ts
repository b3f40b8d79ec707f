import { describe, expect, it, vi } from 'vitest';
import type { CheckoutAnswer } from '../../api/types';
import { payWithCard, type PayDeps } from './payFlow';

const checkoutAnswer = { orderToken: 'ord_1', setupIntentClientSecret: 'seti_1_secret_x', amount: 1990, currency: 'eur' };

function deps(overrides: Partial<PayDeps> = {}): PayDeps {
  return {
    checkout: vi.fn().mockResolvedValue(checkoutAnswer),
    confirmCardSetup: vi.fn().mockResolvedValue({ setupIntent: { status: 'succeeded', payment_method: 'pm_1' } }),
    createPaymentMethod: vi.fn().mockResolvedValue({ paymentMethod: { id: 'pm_1' } }),
    pay: vi.fn().mockResolvedValue({ orderToken: 'ord_1', outcome: 'succeeded', paymentState: 'paid' }),
    confirmCardPayment: vi.fn().mockResolvedValue({ paymentIntent: { status: 'succeeded' } }),
    authenticated: vi.fn().mockResolvedValue({ orderToken: 'ord_1', outcome: 'succeeded', paymentState: 'paid' }),
    ...overrides,
  };
}

describe('payWithCard', () => {
  it('pays without authentication', async () => {
    const d = deps();
    await expect(payWithCard(d)).resolves.toEqual({ ok: true, orderToken: 'ord_1' });
    expect(d.createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(d.pay).toHaveBeenCalledWith('ord_1', 'pm_1');
    expect(d.confirmCardPayment).not.toHaveBeenCalled();
  });

  it('charged now: never confirms the SetupIntent, so only the payment can ask for 3-D Secure', async () => {
    const d = deps({
      pay: vi.fn().mockResolvedValue({ orderToken: 'ord_1', outcome: 'requires_action', clientSecret: 'pi_1_secret_y', paymentState: 'payment_pending' }),
    });
    await expect(payWithCard(d)).resolves.toEqual({ ok: true, orderToken: 'ord_1' });
    expect(d.confirmCardSetup).not.toHaveBeenCalled();
    expect(d.confirmCardPayment).toHaveBeenCalledTimes(1);
  });

  it('deferred (nothing charged today): the SetupIntent saves the card and is the only 3-D Secure', async () => {
    const d = deps({
      checkout: vi.fn().mockResolvedValue({ ...checkoutAnswer, deferred: true }),
      pay: vi.fn().mockResolvedValue({ orderToken: 'ord_1', outcome: 'succeeded', paymentState: 'paying' }),
    });
    await expect(payWithCard(d)).resolves.toEqual({ ok: true, orderToken: 'ord_1' });
    expect(d.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_x');
    expect(d.createPaymentMethod).not.toHaveBeenCalled();
    expect(d.pay).toHaveBeenCalledWith('ord_1', 'pm_1');
    expect(d.confirmCardPayment).not.toHaveBeenCalled();
  });

  it('stops with the card error message (declined card)', async () => {
    // as Stripe.js answers a refused card: a message and a decline code
    const d = deps({ createPaymentMethod: vi.fn().mockResolvedValue({ error: { message: 'Your card was declined.', code: 'card_declined' } }) });
    await expect(payWithCard(d)).resolves.toMatchObject({ ok: false, message: 'Your card was declined.', reason: 'card' });
    expect(d.pay).not.toHaveBeenCalled();
    const deferred = deps({
      checkout: vi.fn().mockResolvedValue({ ...checkoutAnswer, deferred: true }),
      confirmCardSetup: vi.fn().mockResolvedValue({ error: { message: 'Your card was declined.', code: 'card_declined' } }),
    });
    await expect(payWithCard(deferred)).resolves.toMatchObject({ ok: false, message: 'Your card was declined.', reason: 'card' });
    expect(deferred.pay).not.toHaveBeenCalled();
  });

  it('shows the decline the payment answers (a card refused when it is charged)', async () => {
    const d = deps({
      pay: vi.fn().mockResolvedValue({ orderToken: 'ord_1', outcome: 'failed', message: 'Your card was declined.', paymentState: 'payment_waiting' }),
    });
    await expect(payWithCard(d)).resolves.toMatchObject({ ok: false, orderToken: 'ord_1', message: 'Your card was declined.', reason: 'declined' });
  });

  it('runs 3-D Secure then reports it and follows the outcome', async () => {
    const d = deps({
      pay: vi.fn().mockResolvedValue({ orderToken: 'ord_1', outcome: 'requires_action', clientSecret: 'pi_1_secret_y', paymentState: 'payment_pending' }),
    });
    await expect(payWithCard(d)).resolves.toEqual({ ok: true, orderToken: 'ord_1' });
    expect(d.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_y');
    expect(d.authenticated).toHaveBeenCalledWith('ord_1');
  });

  it('fails when authentication fails', async () => {
    const d = deps({
      pay: vi.fn().mockResolvedValue({ orderToken: 'ord_1', outcome: 'requires_action', clientSecret: 'pi_1_secret_y', paymentState: 'payment_pending' }),
      confirmCardPayment: vi.fn().mockResolvedValue({ paymentIntent: { status: 'requires_payment_method' } }),
      authenticated: vi.fn().mockResolvedValue({ orderToken: 'ord_1', outcome: 'failed', message: 'Authentication failed', paymentState: 'payment_not_completed' }),
    });
    await expect(payWithCard(d)).resolves.toMatchObject({ ok: false, message: 'Authentication failed', reason: 'authentication' });
  });

  it('treats processing as done: the thank-you page waits for paid', async () => {
    const d = deps({ pay: vi.fn().mockResolvedValue({ orderToken: 'ord_1', outcome: 'processing', paymentState: 'payment_pending' }) });
    await expect(payWithCard(d)).resolves.toEqual({ ok: true, orderToken: 'ord_1' });
  });

  it('shows the failed outcome message', async () => {
    const d = deps({ pay: vi.fn().mockResolvedValue({ orderToken: 'ord_1', outcome: 'failed', message: 'Insufficient funds', paymentState: 'payment_not_completed' }) });
    await expect(payWithCard(d)).resolves.toMatchObject({ ok: false, message: 'Insufficient funds', reason: 'declined' });
  });

  it('returns API errors of the checkout call', async () => {
    const d = deps({ checkout: vi.fn().mockRejectedValue(new Error('Product cannot be sold')) });
    await expect(payWithCard(d)).resolves.toMatchObject({ ok: false, orderToken: null, message: 'Product cannot be sold', reason: 'checkout' });
  });

  it('another card on the same page continues the same order', async () => {
    const renewSetup = vi.fn().mockResolvedValue({ ...checkoutAnswer, setupIntentClientSecret: 'seti_2_secret_z' });
    const d = deps({ reuse: { orderToken: 'ord_1', renewSetup }, createPaymentMethod: vi.fn().mockResolvedValue({ paymentMethod: { id: 'pm_2' } }) });
    await expect(payWithCard(d)).resolves.toEqual({ ok: true, orderToken: 'ord_1' });
    expect(d.checkout).not.toHaveBeenCalled();
    expect(renewSetup).toHaveBeenCalledWith('ord_1');
    expect(d.pay).toHaveBeenCalledWith('ord_1', 'pm_2');
  });

  it('another card for a deferred order confirms the new SetupIntent', async () => {
    const renewSetup = vi.fn().mockResolvedValue({ ...checkoutAnswer, setupIntentClientSecret: 'seti_2_secret_z', deferred: true });
    const d = deps({ reuse: { orderToken: 'ord_1', renewSetup } });
    await expect(payWithCard(d)).resolves.toEqual({ ok: true, orderToken: 'ord_1' });
    expect(d.confirmCardSetup).toHaveBeenCalledWith('seti_2_secret_z');
  });

  it('charged today: the card is made while the order opens, not after it', async () => {
    let opened: (answer: CheckoutAnswer) => void = () => undefined;
    const d = deps({ chargedNow: true, checkout: vi.fn(() => new Promise<CheckoutAnswer>((resolve) => { opened = resolve; })) });
    const paid = payWithCard(d);
    await Promise.resolve();
    expect(d.createPaymentMethod).toHaveBeenCalledTimes(1); // the checkout has not answered yet
    expect(d.pay).not.toHaveBeenCalled();
    opened({ ...checkoutAnswer, deferred: false });
    await expect(paid).resolves.toEqual({ ok: true, orderToken: 'ord_1' });
    expect(d.createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(d.pay).toHaveBeenCalledWith('ord_1', 'pm_1');
  });

  it('charged today by the page, deferred by the checkout: the SetupIntent saves the card that is paid with', async () => {
    const d = deps({
      chargedNow: true,
      checkout: vi.fn().mockResolvedValue({ ...checkoutAnswer, deferred: true }),
      confirmCardSetup: vi.fn().mockResolvedValue({ setupIntent: { status: 'succeeded', payment_method: 'pm_saved' } }),
    });
    await expect(payWithCard(d)).resolves.toEqual({ ok: true, orderToken: 'ord_1' });
    expect(d.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_x');
    expect(d.pay).toHaveBeenCalledWith('ord_1', 'pm_saved');
  });

  it('charged today, the checkout refused: its error, and the card made meanwhile is not paid with', async () => {
    const d = deps({ chargedNow: true, checkout: vi.fn().mockRejectedValue(new Error('Product cannot be sold')) });
    await expect(payWithCard(d)).resolves.toMatchObject({ ok: false, orderToken: null, message: 'Product cannot be sold', reason: 'checkout' });
    expect(d.pay).not.toHaveBeenCalled();
  });

  it('tells a card entry to correct apart from a declined card', async () => {
    // localstripe refuses a four-digit expiry year as "Bad request" (invalid_expiry_year); an empty card element
    // throws before any request: both are entries to correct
    for (const error of [{ message: 'Bad request', code: 'invalid_expiry_year', type: 'invalid_request_error' }, new TypeError('x')]) {
      const invalid = deps({ createPaymentMethod: vi.fn().mockResolvedValue({ error }) });
      await expect(payWithCard(invalid)).resolves.toMatchObject({ ok: false, message: null, reason: 'cardInvalid' });
    }
    const declined = deps({
      createPaymentMethod: vi.fn().mockResolvedValue({ error: { message: 'Your card was declined.', code: 'card_declined' } }),
    });
    await expect(payWithCard(declined)).resolves.toMatchObject({ message: 'Your card was declined.', reason: 'card' });
  });
});
