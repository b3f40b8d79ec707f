// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from '../../../i18n';
import { ShopTracking, cookiebotConsent } from './ShopTracking';
import { allowed, consentOf, majorUnits } from './tracker';

const tracking = vi.hoisted(() => ({ answer: {} as Record<string, unknown> }));
vi.mock('../../../api/sdk.gen', () => ({ getShopTracking: async () => tracking.answer }));

type Tagged = Window & { dataLayer?: unknown[][]; gtag?: unknown; fbq?: { queue: unknown[][] } };
const w = window as Tagged;
const GA4 = { type: 'google_analytics_4', id: 'G-TEST1', category: 'statistics', pages: ['checkout', 'thank_you'] };
const PIXEL = { type: 'facebook_pixel', id: '1234567890123456', category: 'marketing', pages: ['thank_you'] };
const events = (name: string) => (w.dataLayer ?? []).filter((e) => e[0] === 'event' && e[1] === name).map((e) => e[2] as Record<string, unknown>);
const sale = { value: 1250, currency: 'eur', itemId: 'guide', itemName: 'Guide' };

function show(page: 'checkout' | 'thank_you', transactionId?: string) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <ShopTracking username="demo" page={page} sale={{ ...sale, ...(transactionId ? { transactionId } : {}) }} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  for (const c of document.cookie.split('; ')) {
    // biome-ignore lint/suspicious/noDocumentCookie: the shop's consent cookie, as the page writes it
    document.cookie = `${c.split('=')[0]}=; max-age=0; path=/`;
  }
  window.localStorage.clear();
  delete w.dataLayer;
  delete w.gtag;
  delete w.fbq;
  tracking.answer = { mode: 'simple', categories: ['statistics', 'marketing'], text: '', cookiebotId: null, cookie: 'sf_consent_demo', codes: [GA4, PIXEL] };
});
afterEach(cleanup);

describe("the shop's tags on the web app's checkout and thank-you pages", () => {
  it('ask first, fire nothing before the answer, and begin the checkout once accepted, with the value in euros', async () => {
    show('checkout');
    await screen.findByTestId('consent-banner');
    expect(w.dataLayer).toBeUndefined();
    fireEvent.click(screen.getByTestId('consent-accept'));
    await waitFor(() => expect(events('begin_checkout')).toHaveLength(1));
    expect(events('begin_checkout')[0]).toMatchObject({ currency: 'EUR', value: 12.5, items: [{ item_id: 'guide', price: 12.5 }], send_to: 'G-TEST1' });
    expect(consentOf(document.cookie, 'sf_consent_demo')).toBe('all');
    expect(screen.queryByTestId('consent-banner')).toBeNull();
  });

  it('fire nothing when the visitor declines, and do not ask again', async () => {
    show('checkout');
    fireEvent.click(await screen.findByTestId('consent-decline'));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(events('begin_checkout')).toHaveLength(0);
    cleanup();
    show('checkout');
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByTestId('consent-banner')).toBeNull();
    expect(events('begin_checkout')).toHaveLength(0);
  });

  it('send an order’s purchase once, however often its page opens, with its transaction id for GA4 and Meta', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the shop's consent cookie, as the page writes it
    document.cookie = 'sf_consent_demo=all; path=/';
    show('thank_you', 'tok123');
    await waitFor(() => expect(events('purchase')).toHaveLength(1));
    expect(events('purchase')[0]).toMatchObject({ transaction_id: 'tok123', value: 12.5, currency: 'EUR' });
    expect(w.fbq?.queue.find((a) => a[0] === 'track')).toEqual(['track', 'Purchase', { value: 12.5, currency: 'EUR' }, { eventID: 'tok123' }]);
    cleanup();
    delete w.dataLayer;
    show('thank_you', 'tok123');
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(events('purchase')).toHaveLength(0);
  });

  it('follow the categories: statistics accepted, marketing declined, fires GA4 and not the Pixel', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the shop's consent cookie, as the page writes it
    document.cookie = 'sf_consent_demo=necessary%2Cstatistics; path=/';
    show('thank_you', 'tok456');
    await waitFor(() => expect(events('purchase')).toHaveLength(1));
    expect(w.fbq).toBeUndefined();
  });
});

describe('consent and amounts', () => {
  it('read Cookiebot’s answer and the shop’s cookie alike', () => {
    expect(cookiebotConsent("CookieConsent={stamp:'x',necessary:true,preferences:false,statistics:true,marketing:false}")).toBe('necessary,statistics');
    expect(cookiebotConsent('other=1')).toBeNull();
    expect(allowed('simple', 'necessary,statistics', 'statistics')).toBe(true);
    expect(allowed('simple', 'necessary', 'marketing')).toBe(false);
    expect(allowed('none', null, 'marketing')).toBe(true);
  });
  it('give an amount in the currency’s major unit', () => {
    expect(majorUnits(1250, 'eur')).toBe(12.5);
    expect(majorUnits(1250, 'jpy')).toBe(1250);
  });
});
