import { describe, expect, it } from 'vitest';
import { statusStyle } from '../status';

describe('statusStyle (core §4 colour rules)', () => {
  it.each(['active', 'successful', 'paid', 'payed', 'paying', 'published', 'publishing', 'out_of_duration'])('%s is green', (s) => {
    expect(statusStyle(s)).toEqual({ tone: 'green', color: 'success', emphasised: false });
  });
  it.each(['error', 'expired', 'payment_not_completed', 'payment_paused', 'publish_canceled', 'publish_paused'])(
    '%s is red and emphasised',
    (s) => {
      expect(statusStyle(s)).toEqual({ tone: 'red', color: 'error', emphasised: true });
    },
  );
  it.each(['payment_canceled', 'payment_refunded'])('%s is amber and emphasised', (s) => {
    expect(statusStyle(s)).toEqual({ tone: 'amber', color: 'warning', emphasised: true });
  });
  it.each(['payment_pending', 'payment_waiting', 'publish_pending'])('%s is amber, not emphasised', (s) => {
    expect(statusStyle(s)).toEqual({ tone: 'amber', color: 'warning', emphasised: false });
  });
  it('anything else is neutral', () => {
    expect(statusStyle('payment_chargebacked')).toEqual({ tone: 'neutral', color: 'default', emphasised: false });
    expect(statusStyle(null).tone).toBe('neutral');
  });
});
