import { describe, expect, it } from 'vitest';
import { invoiceDetails } from './PaymentForm';

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
