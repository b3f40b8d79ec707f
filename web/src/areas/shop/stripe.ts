/**
 * Stripe.js loaded from the URL the backend names (`config.stripeJsUrl`) with a <script> tag.
 * Locally that is localstripe's fake, which offers the same calls used here.
 */

export interface StripeError {
  message?: string;
  code?: string;
  type?: string;
}

export interface StripeCardElement {
  mount: (target: string | HTMLElement) => void;
  destroy: () => void;
  on?: (event: string, handler: (e?: { error?: StripeError; complete?: boolean }) => void) => void;
}

export interface StripeElements {
  create: (type: 'card', options?: Record<string, unknown>) => StripeCardElement;
}

export interface SetupIntentResult {
  error?: StripeError | null;
  setupIntent?: { id?: string; status?: string; payment_method?: string | { id: string } | null };
}

export interface PaymentMethodResult {
  error?: StripeError | null;
  paymentMethod?: { id: string };
}

export interface PaymentIntentResult {
  error?: StripeError | null;
  paymentIntent?: { id?: string; status?: string };
}

export interface StripeClient {
  elements: () => StripeElements;
  confirmCardSetup: (
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details: { name: string; email?: string } } },
  ) => Promise<SetupIntentResult>;
  /** The card as a PaymentMethod, nothing confirmed: the payment that uses it asks for 3-D Secure (once). */
  createPaymentMethod: (data: {
    type: 'card';
    card: StripeCardElement;
    billing_details: { name: string; email?: string };
  }) => Promise<PaymentMethodResult>;
  confirmCardPayment: (clientSecret: string, data?: Record<string, unknown>) => Promise<PaymentIntentResult>;
}

export type StripeFactory = (publishableKey: string) => StripeClient;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

const scripts = new Map<string, Promise<StripeFactory>>();
const clients = new Map<string, StripeClient>();

/** Adds the Stripe.js <script> once per URL and resolves with the global `Stripe`. */
export function loadStripeJs(url: string): Promise<StripeFactory> {
  const existing = scripts.get(url);
  if (existing) return existing;
  const promise = new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not define Stripe')));
    script.onerror = () => {
      scripts.delete(url);
      script.remove();
      reject(new Error(`Could not load ${url}`));
    };
    document.head.appendChild(script);
  });
  scripts.set(url, promise);
  return promise;
}

/** `Stripe(publishableKey)`, once per key. */
export async function getStripe(url: string, publishableKey: string): Promise<StripeClient> {
  const key = `${url}|${publishableKey}`;
  const cached = clients.get(key);
  if (cached) return cached;
  const factory = await loadStripeJs(url);
  const client = factory(publishableKey);
  clients.set(key, client);
  return client;
}

export function paymentMethodId(result: SetupIntentResult): string | null {
  const pm = result.setupIntent?.payment_method;
  if (!pm) return null;
  return typeof pm === 'string' ? pm : pm.id;
}
