import { describe, expect, it } from 'vitest';
import { invoiceDetails, refusedDetails } from './PaymentForm';

const empty = { company: '', vatId: '', street: '', streetNumber: '', zip: '', city: '' };

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
});

describe('what the API refused', () => {
  it('names the VAT ID beside its field, whatever the key case', () => {
    expect(refusedDetails({ 'payer.vatId': 'the VAT id is of another country than the address' })).toEqual({ vatId: 'shop.vatIdRefused' });
    expect(refusedDetails({ 'payer.vat_id': 'wrong vat' })).toEqual({ vatId: 'shop.vatIdRefused' });
    expect(refusedDetails({ pricingPlanId: 'invalid' })).toBeNull();
    expect(refusedDetails(undefined)).toBeNull();
  });
});
