import { describe, expect, it } from 'vitest';
import { addressNeeded, invoiceDetails, refusedDetails } from './invoiceDetails';

const empty = { company: '', vatId: '', leitwegId: '', street: '', streetNumber: '', zip: '', city: '' };

describe("a business buyer's invoice details", () => {
  it('sends nothing unless the buyer opened them', () => {
    expect(invoiceDetails(false, { ...empty, company: 'Buyer GmbH' }, 'AT')).toEqual({ details: {}, errors: {} });
  });
  it('sends the filled ones, trimmed', () => {
    expect(invoiceDetails(true, { ...empty, company: ' Buyer GmbH ', vatId: 'ATU13585627', city: 'Wien' }, 'AT')).toEqual({
      details: { company: 'Buyer GmbH', vatId: 'ATU13585627', city: 'Wien' },
      errors: {},
    });
  });
  it('asks for the company and the country a VAT ID needs before sending', () => {
    expect(invoiceDetails(true, { ...empty, vatId: 'ATU13585627' }, '').errors).toEqual({
      company: 'shop.companyForVatId',
      country: 'shop.countryForVatId',
    });
  });
  it("asks the authority's name a Leitweg-ID needs, and says when the API refused the ID", () => {
    expect(invoiceDetails(true, { ...empty, leitwegId: '04011000-1234512345-06' }, 'DE').errors).toEqual({ company: 'shop.companyForLeitwegId' });
    expect(refusedDetails({ 'payer.leitweg_id': 'not a Leitweg-ID' })).toEqual({ leitwegId: 'shop.leitwegIdRefused' });
  });
});

describe("the buyer's address, where the invoice needs it", () => {
  it('is asked above 250 of the currency, of a business and where the seller asks it, not below', () => {
    expect(addressNeeded(25_000, 'eur', false, false)).toBe(false);
    expect(addressNeeded(25_001, 'eur', false, false)).toBe(true);
    expect(addressNeeded(900, 'eur', true, false)).toBe(true);
    expect(addressNeeded(900, 'eur', false, true)).toBe(true);
  });
  it('is checked before sending: street, postcode, city and country', () => {
    expect(invoiceDetails(false, { ...empty, street: 'Ring 2' }, '', true)).toEqual({
      details: { street: 'Ring 2' },
      errors: { zip: 'shop.addressRequired', city: 'shop.addressRequired', country: 'shop.addressRequired' },
    });
  });
  it('is named beside its fields when the API asks it', () => {
    expect(refusedDetails({ 'payer.street': 'required for the invoice', 'payer.zip': 'required for the invoice' })).toEqual({ street: 'shop.addressRequired', zip: 'shop.addressRequired' });
  });
});

describe('what the API refused', () => {
  it('names the VAT ID beside its field, whatever the key case', () => {
    expect(refusedDetails({ 'payer.vatId': 'the VAT id is of another country than the address' })).toEqual({ vatId: 'shop.vatIdRefused' });
    expect(refusedDetails({ 'payer.vat_id': 'wrong vat' })).toEqual({ vatId: 'shop.vatIdRefused' });
    expect(refusedDetails({ pricingPlanId: 'invalid' })).toBeNull();
    expect(refusedDetails(undefined)).toBeNull();
  });
});
