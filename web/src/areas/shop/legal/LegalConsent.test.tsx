import { describe, expect, it } from 'vitest';
import { consentRequired, type CheckoutLegal } from './LegalConsent';

const legal = (consent: CheckoutLegal['consent']): CheckoutLegal => ({ documents: ['terms'], consent, consentCountries: ['AT', 'DE', 'FR'] });

describe('the consent to begin at once (the API’s rule, domain/orders/consent.py)', () => {
  it('is required of a consumer in the EU, or one who names no country', () => {
    expect(consentRequired(legal('eu_consumers'), 'DE', false)).toBe(true);
    expect(consentRequired(legal('eu_consumers'), '', false)).toBe(true);
  });
  it('is not required of a buyer outside the EU or of a business buyer, unless the seller asks everyone', () => {
    expect(consentRequired(legal('eu_consumers'), 'US', false)).toBe(false);
    expect(consentRequired(legal('eu_consumers'), 'FR', true)).toBe(false);
    expect(consentRequired(legal('everyone'), 'US', true)).toBe(true);
  });
  it('is never asked where the product asks none (an event’s ticket) or the page has no legal part', () => {
    expect(consentRequired(legal('none'), 'DE', false)).toBe(false);
    expect(consentRequired(undefined, 'DE', false)).toBe(false);
  });
});
