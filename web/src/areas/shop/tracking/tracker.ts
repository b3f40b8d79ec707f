/** The tags of a shop's checkout and thank-you pages in the web app, loaded and fired as the shop's built pages do
 * (api/storefront/templates/page.html.j2's loader), after the visitor's consent: GA4 and old Analytics through
 * gtag, Google Tag Manager through its data layer, Meta's Pixel through fbq. */

import { currencyExponent } from '../../../lib/money';

export type TrackedPage = 'checkout' | 'thank_you';
export type TrackingCode = { type: string; id: string; category: string; pages: readonly string[] };
export type Sale = { value: number; currency: string; itemId: string; itemName: string; transactionId?: string };

const GA_EVENTS: Record<TrackedPage, string> = { checkout: 'begin_checkout', thank_you: 'purchase' };
const PIXEL_EVENTS: Record<TrackedPage, string> = { checkout: 'InitiateCheckout', thank_you: 'Purchase' };

type Tagged = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void; fbq?: ((...args: unknown[]) => void) & { queue?: unknown[] } };

/** The visitor's consent as the shop keeps it in its cookie: `all`, or the categories accepted (null: not asked). */
export function consentOf(cookie: string, name: string): string | null {
  const found = cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return found === undefined ? null : decodeURIComponent(found.slice(name.length + 1));
}

/** Whether a category may load under this consent (no banner: the seller answers for consent). */
export function allowed(mode: string, consent: string | null, category: string): boolean {
  return mode === 'none' || category === 'necessary' || consent === 'all' || (consent ?? '').split(',').includes(category);
}

/** A price in minor units as the tags take it: in the currency's major unit (12.50, not 1250). */
export function majorUnits(amount: number, currency: string): number {
  return amount / 10 ** currencyExponent(currency);
}

const loaded = new Set<string>();
function add(src: string) {
  if (loaded.has(src)) return;
  loaded.add(src);
  const s = document.createElement('script');
  s.async = true;
  s.src = src;
  document.head.appendChild(s);
}

/** Fires the page's event on every code it may (its page ticked, its category consented), each tag loaded once. */
export function fire(codes: readonly TrackingCode[], page: TrackedPage, mode: string, consent: string | null, sale: Sale): number {
  const w = window as Tagged;
  const currency = sale.currency.toUpperCase();
  const value = majorUnits(sale.value, sale.currency);
  const items = [{ item_id: sale.itemId, item_name: sale.itemName, price: value, quantity: 1 }];
  const ga = { currency, value, items, ...(sale.transactionId ? { transaction_id: sale.transactionId } : {}) };
  let fired = 0;
  for (const c of codes) {
    if (!c.pages.includes(page) || !allowed(mode, consent, c.category)) continue;
    fired += 1;
    if (c.type === 'facebook_pixel') {
      if (!w.fbq) {
        const f = ((...args: unknown[]) => void f.queue?.push(args)) as NonNullable<Tagged['fbq']>;
        f.queue = [];
        w.fbq = f;
        add('https://connect.facebook.net/en_US/fbevents.js');
      }
      if (!loaded.has(`fbq:${c.id}`)) {
        loaded.add(`fbq:${c.id}`);
        w.fbq('init', c.id);
      }
      // the transaction as the event's id: Meta counts a purchase sent twice (browser and server) once
      w.fbq('track', PIXEL_EVENTS[page], { value, currency }, sale.transactionId ? { eventID: sale.transactionId } : {});
      continue;
    }
    w.dataLayer = w.dataLayer ?? [];
    if (c.type === 'google_tag_manager') {
      if (!loaded.has(`gtm:${c.id}`)) w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      w.dataLayer.push({ ecommerce: null });
      w.dataLayer.push({ event: GA_EVENTS[page], ecommerce: ga });
      loaded.add(`gtm:${c.id}`);
      add(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(c.id)}`);
      continue;
    }
    const layer = w.dataLayer;
    w.gtag = w.gtag ?? ((...args: unknown[]) => void layer.push(args));
    if (!loaded.has(`gtag:${c.id}`)) {
      loaded.add(`gtag:${c.id}`);
      w.gtag('js', new Date());
      w.gtag('config', c.id, { send_page_view: false });
    }
    w.gtag('event', GA_EVENTS[page], { ...ga, send_to: c.id });
    add(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(c.id)}`);
  }
  return fired;
}
