import { describe, expect, it } from 'vitest';
import { ibanChecks, sepaProblems } from './sepa';

describe('a direct debit account', () => {
  it('takes an IBAN typed with spaces and in lower case, and refuses a wrong check digit', () => {
    expect(ibanChecks('de89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanChecks('DE89370400440532013001')).toBe(false);
    expect(ibanChecks('DE89')).toBe(false);
  });

  it('names what is missing or wrong before anything is sent', () => {
    expect(sepaProblems('DE89 3704 0044 0532 0130 00', 'Sepa Buyer')).toEqual({});
    expect(sepaProblems('', ' ')).toEqual({ iban: 'validation.required', holder: 'validation.required' });
    expect(sepaProblems('DE89370400440532013001', 'Sepa Buyer')).toEqual({ iban: 'shop.sepa.ibanInvalid' });
    // a valid IBAN from outside the SEPA scheme
    expect(sepaProblems('BR1800360305000010009795493C1', 'Sepa Buyer')).toEqual({ iban: 'shop.sepa.notSepa' });
  });
});
