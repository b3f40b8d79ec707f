import { describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import { camelKey, messageKey, missingLink, stepErrors, stepFields, visibleField } from './profileForm';

describe('seller profile wizard', () => {
  it('shows each step its fields', () => {
    expect(stepFields('business').map((f) => f.name)).toEqual(['businessType', 'vatPayer']);
    expect(stepFields('personal').map((f) => f.name)).toContain('streetNumber');
    expect(stepFields('details').map((f) => f.name)).toEqual(
      expect.arrayContaining(['company', 'region', 'registrationLocation', 'employeeSize']),
    );
    expect(stepFields('documents')).toEqual([]);
  });
  it("keeps the API's messages of a step's fields, snake or camel case", () => {
    const errors = { first_name: 'required', vatId: 'wrong vat', 'beneficial_owners.0.birthday': 'too young' };
    expect(stepErrors(errors, 'personal')).toEqual({ firstName: 'required' });
    expect(stepErrors(errors, 'tax')).toEqual({ vatId: 'wrong vat' });
    expect(stepErrors(errors, 'details')).toEqual({ 'beneficialOwners.0.birthday': 'too young' });
    expect(camelKey('issuance_country_code')).toBe('issuanceCountryCode');
  });
  it('asks for the exempt reason only when not VAT liable, and the number of the chosen type', () => {
    expect(visibleField('vatExemptReason', { vatPayer: false })).toBe(true);
    expect(visibleField('vatExemptReason', { vatPayer: true })).toBe(false);
    expect(visibleField('vatId', { vatPayer: false })).toBe(false);
    expect(visibleField('taxIdentNo', { taxNoType: 'tax_ident_no' })).toBe(true);
    expect(visibleField('taxNo', { taxNoType: 'tax_ident_no' })).toBe(false);
  });
  it('translates every message the API sends for the profile', () => {
    for (const m of ['required', 'wrong vat', 'invalid VAT', 'invalid phone', 'too young', 'invalid IBAN', 'invalid BIC', 'invalid country', 'blank']) {
      expect(en.profileErrors, m).toHaveProperty([messageKey(m)]);
    }
  });
  it('links each missing item to its step of the modal', () => {
    expect(missingLink('documents')).toBe('/cabinet/profile/edit?seller_profile_edit=true&step=documents');
    expect(missingLink('bank_account')).toBe('/cabinet/profile/edit?seller_profile_edit=true&step=documents');
    expect(missingLink('submission')).toContain('step=summary');
    expect(missingLink('review')).toBe('/cabinet/profile/edit?seller_profile_edit=true');
  });
});
