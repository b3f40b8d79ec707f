import { useEffect, useRef, useState } from 'react';
import { getStripe, type StripeCardElement, type StripeClient } from './stripe';

export type CardState = 'loading' | 'ready' | 'unavailable';

/**
 * Loads Stripe.js, creates the card element and mounts it into `#card-element`:
 * `const stripe = Stripe(key); const card = stripe.elements().create('card'); card.mount('#card-element')`.
 */
export function useCardElement(stripeJsUrl: string | undefined, publishableKey: string | undefined, mountId = 'card-element') {
  const [state, setState] = useState<CardState>('loading');
  const stripeRef = useRef<StripeClient | null>(null);
  const cardRef = useRef<StripeCardElement | null>(null);

  useEffect(() => {
    if (!stripeJsUrl || !publishableKey) return;
    let card: StripeCardElement | null = null;
    let cancelled = false;
    setState('loading');
    getStripe(stripeJsUrl, publishableKey).then(
      (stripe) => {
        if (cancelled) return;
        stripeRef.current = stripe;
        card = stripe.elements().create('card');
        card.mount(`#${mountId}`);
        cardRef.current = card;
        setState('ready');
      },
      () => {
        if (!cancelled) setState('unavailable');
      },
    );
    return () => {
      cancelled = true;
      try {
        card?.destroy();
      } catch {
        /* already gone */
      }
      cardRef.current = null;
    };
  }, [stripeJsUrl, publishableKey, mountId]);

  return { state, stripe: stripeRef, card: cardRef };
}
