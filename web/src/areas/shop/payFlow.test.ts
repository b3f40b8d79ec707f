import { describe, expect, it, vi } from 'vitest';
import { payWithCard, type PayDeps } from './payFlow';

const checkoutAnswer = { orderToken: 'ord_1', setupIntentClientSecret: 'seti_1_secret_x', amount: 1990, currency: 'eur' };

function deps(overrides: Partial<PayDeps> = {}): PayDeps {
  return {
    checkout: vi.fn().mockResolvedValue(checkoutAnswer),
    confirmCardSetup: vi.fn().mockResolvedValue({ setupIntent: { status: 'succeeded', payment_method: 'pm_1' } }),
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
    expect(d.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_x');
    expect(d.pay).toHaveBeenCalledWith('ord_1', 'pm_1');
    expect(d.confirmCardPayment).not.toHaveBeenCalled();
  });

  it('stops with the card error message (declined card)', async () => {
    // as Stripe.js answers a refused card: a message and a decline code
    const d = deps({ confirmCardSetup: vi.fn().mockResolvedValue({ error: { message: 'Your card was declined.', code: 'card_declined' } }) });
    await expect(payWithCard(d)).resolves.toMatchObject({ ok: false, message: 'Your card was declined.', reason: 'card' });
    expect(d.pay).not.toHaveBeenCalled();
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

  it('another card on the same page continues the same order with a new SetupIntent', async () => {
    const renewSetup = vi.fn().mockResolvedValue({ ...checkoutAnswer, setupIntentClientSecret: 'seti_2_secret_z' });
    const d = deps({ reuse: { orderToken: 'ord_1', renewSetup } });
    await expect(payWithCard(d)).resolves.toEqual({ ok: true, orderToken: 'ord_1' });
    expect(d.checkout).not.toHaveBeenCalled();
    expect(renewSetup).toHaveBeenCalledWith('ord_1');
    expect(d.confirmCardSetup).toHaveBeenCalledWith('seti_2_secret_z');
  });

  it('tells a card entry to correct apart from a declined card', async () => {
    const invalid = deps({ confirmCardSetup: vi.fn().mockResolvedValue({ error: { message: 'Bad request', type: 'invalid_request_error' } }) });
    await expect(payWithCard(invalid)).resolves.toMatchObject({ ok: false, message: null, reason: 'cardInvalid' });
    const declined = deps({
      confirmCardSetup: vi.fn().mockResolvedValue({ error: { message: 'Your card was declined.', code: 'card_declined' } }),
    });
    await expect(payWithCard(declined)).resolves.toMatchObject({ message: 'Your card was declined.', reason: 'card' });
  });
});
