import { describe, expect, it } from 'vitest';
import { awaitsDelivery, pollInterval } from './thankYou';
import { autoSelectedPlan } from './CheckoutWizard';
import type { ShopOrder } from '../../api';

const order = (paymentState: ShopOrder['paymentState'], downloadUrl: string | null = null, invoiceNumber: number | null = null) => ({
  token: 't',
  sellerName: 'Sam Seller',
  paymentState,
  productName: 'Book',
  total: 1990,
  currency: 'eur',
  payerEmail: 'a@b.c',
  downloadUrl,
  invoiceNumber,
  recurring: false,
  items: [] as ShopOrder['items'],
  extras: [] as ShopOrder['extras'],
  upsells: [] as ShopOrder['upsells'],
  downsells: [] as ShopOrder['downsells'],
  certificatePending: false,
  thankYouPage: false,
});

describe('thank-you polling', () => {
  it('polls every second until paid', () => {
    expect(pollInterval(undefined, 0)).toBe(1000);
    expect(pollInterval(order('paying'), 0)).toBe(1000);
    expect(pollInterval(order('paid', '/dl', 1001), 0)).toBe(false);
  });
  it('keeps looking every 5 s while an invoice paid later is open, and stops once it is paid', () => {
    const open = { ...order('paying', '/dl', 1001), payLater: { amount: 1990, currency: 'eur', reference: 'SF-X', iban: 'DE', bic: 'B', holder: 'H', dueAt: null } };
    expect(pollInterval(open, 0)).toBe(5000);
    expect(pollInterval(order('paid', '/dl', 1001), 0)).toBe(false);
  });
  it('waits a little for the download link after paid, and stops on failure', () => {
    expect(pollInterval(order('paid'), 3)).toBe(1000);
    expect(pollInterval(order('paid'), 30)).toBe(false);
    expect(pollInterval(order('payment_not_completed'), 0)).toBe(false);
  });
  it('stops for an order that was paid and has since ended, and for a deferred start once its day is known', () => {
    expect(pollInterval(order('payment_canceled', null, 1001), 0)).toBe(false);
    expect(pollInterval({ ...order('paying', '/dl'), firstDue: '2026-12-07', firstAmount: 1000 }, 0)).toBe(false);
  });
});

describe('what the thank-you page waits for', () => {
  it('stops polling once a license key, a link or a text is delivered with the invoice', () => {
    expect(pollInterval({ ...order('paid', null, 7), licenseKey: 'K-1' }, 0)).toBe(false);
    expect(pollInterval({ ...order('paid', null, 7), deliveryLink: 'https://x.example' }, 0)).toBe(false);
    expect(pollInterval({ ...order('paid', null, null), licenseKey: 'K-1' }, 0)).toBe(1000);
  });
  it('shows a spinner only while fulfilment runs', () => {
    expect(awaitsDelivery({ ...order('paid'), items: [{ productId: 1, name: 'Course', form: 'course', courseUrl: '/payer/s/x/courses/1' }] })).toBe(false); // a bundle delivers its items
    expect(awaitsDelivery(order('paid'))).toBe(true);
    expect(awaitsDelivery(order('paid', null, 7))).toBe(false); // a service without a note: nothing more comes
    expect(awaitsDelivery({ ...order('paid'), deliveryText: 'Book a slot' })).toBe(false);
    expect(awaitsDelivery({ ...order('paid'), certificatePending: true })).toBe(false); // issued once the course is done
  });
});

describe('autoSelectedPlan', () => {
  const plan = (id: number, paymentType: 'one_time' | 'subscription') => ({
    id,
    name: 'p',
    paymentType,
    price: 100,
    currency: 'eur',
    schedule: [],
    testDays: 0,
    dueNow: 100,
    useNetPrice: false,
  });
  it('selects a single one-time plan only', () => {
    expect(autoSelectedPlan([plan(1, 'one_time')])?.id).toBe(1);
    expect(autoSelectedPlan([plan(1, 'one_time'), plan(2, 'one_time')])).toBeNull();
    expect(autoSelectedPlan([plan(1, 'subscription')])).toBeNull();
  });
});
