/** Public shop calls (`/v1/shop/{username}`), over the generated SDK (sdk.gen.ts). */
import * as sdk from './sdk.gen';
import type { CheckoutInput, PayerInput } from './types';

export type { PayerInput };

export const shopApi = {
  /** The seller whose verified domain this page is opened on (404 anywhere else). */
  host: (signal?: AbortSignal) => sdk.shopOfHost({ suppressErrors: true, ...(signal ? { signal } : {}) }),
  /** A seller's storefront: their products a buyer can open. */
  storefront: (username: string, signal?: AbortSignal) =>
    sdk.getStorefront(username, { suppressErrors: true, ...(signal ? { signal } : {}) }),
  product: (username: string, slug: string, signal?: AbortSignal) =>
    sdk.getShopProduct(username, slug, signal ? { signal } : {}),
  /** What the buyer pays for a plan given their country and VAT id (a net-priced plan adds the VAT). */
  price: (username: string, slug: string, query: { pricingPlanId: number; country?: string; company?: string; vatId?: string; couponCode?: string; bumpIds?: string; mainProduct?: boolean }, signal?: AbortSignal) =>
    sdk.planPrice(username, slug, query, { suppressErrors: true, ...(signal ? { signal } : {}) }),
  checkout: (username: string, slug: string, input: CheckoutInput) =>
    sdk.startCheckout(username, slug, input, { suppressErrors: true }),
  /** Another card for the same order (same checkout page): a new SetupIntent, no second order. */
  renewSetup: (username: string, token: string) => sdk.renewSetupIntent(username, token, { suppressErrors: true }),
  pay: (username: string, token: string, paymentMethod: string) =>
    sdk.payOrder(username, token, { paymentMethod }, { suppressErrors: true }),
  authenticated: (username: string, token: string) => sdk.orderAuthenticated(username, token, { suppressErrors: true }),
  /** Pay by bank transfer: the order waits for it; the answer says what to transfer where. */
  bankWire: (username: string, token: string) => sdk.payByWire(username, token, { suppressErrors: true }),
  payLater: (username: string, token: string) => sdk.payLater(username, token, { suppressErrors: true }),
  /** A free order (a coupon took the whole price): taken without a payment. */
  takeFree: (username: string, token: string) => sdk.takeFreeOrder(username, token, { suppressErrors: true }),
  /** PayPal: the order's PayPal order, approved by the buyer at `approveUrl`. */
  paypal: (username: string, token: string) => sdk.payByPaypal(username, token, { suppressErrors: true }),
  /** Back from PayPal: the approved order captured, once. */
  paypalReturn: (username: string, token: string) => sdk.paypalReturned(username, token, { suppressErrors: true }),
  /** A SEPA Direct Debit: the IBAN and holder are the mandate; the answer is `processing` until the bank settles. */
  sepa: (username: string, token: string, body: { iban: string; accountHolder: string }) => sdk.payBySepa(username, token, body, { suppressErrors: true }),
  /** One click on the thank-you page: the upsell charged with the card that paid the order. */
  buyUpsell: (username: string, token: string, addonId: number) => sdk.buyUpsell(username, token, { addonId }, { suppressErrors: true }),
  order: (username: string, token: string, signal?: AbortSignal) =>
    sdk.getOrderStatus(username, token, { suppressErrors: true, ...(signal ? { signal } : {}) }),
  /** The payer's page of a recurring order: rates, another card, cancellation. */
  manage: (username: string, token: string, signal?: AbortSignal) =>
    sdk.managePage(username, token, { suppressErrors: true, ...(signal ? { signal } : {}) }),
  manageSetup: (username: string, token: string) => sdk.manageSetupIntent(username, token, { suppressErrors: true }),
  manageCard: (username: string, token: string, paymentMethod: string) =>
    sdk.managePaymentMethod(username, token, { paymentMethod }, { suppressErrors: true }),
  manageCancel: (username: string, token: string) => sdk.manageCancel(username, token),
  /** Pays a past-due rate that no claim collects any more, with the saved card. */
  managePayRate: (username: string, token: string, rate: number) =>
    sdk.managePayRate(username, token, rate, { suppressErrors: true }),
};
