import { describe, expect, it } from 'vitest';
import { validateEmail, validatePassword, validateUsername, required } from '../validation';
import { visibleWarnings, warningLink } from '../warnings';

describe('validation (core §5)', () => {
  it('email: something@something.something', () => {
    expect(validateEmail('')).toBe('required');
    expect(validateEmail('ada')).toBe('invalid_email');
    expect(validateEmail('ada@example')).toBe('invalid_email');
    expect(validateEmail('ada@example.com')).toBeNull();
  });
  it('password: required and min length 8', () => {
    expect(validatePassword('')).toBe('required');
    expect(validatePassword('short')).toBe('password_min');
    expect(validatePassword('longenough')).toBeNull();
  });
  it('username messages', () => {
    expect(validateUsername(' ')).toBe('empty');
    expect(validateUsername('ab')).toBe('too_small');
    expect(validateUsername('a'.repeat(31))).toBe('too_big');
    expect(validateUsername('Bad_Name')).toBe('invalid');
    expect(validateUsername('ada-shop')).toBeNull();
  });
  it('required rejects blank text', () => {
    expect(required('   ')).toBe('required');
    expect(required('x')).toBeNull();
  });
});

describe('warnings', () => {
  it('links finish_registration to the profile edit page', () => {
    expect(warningLink('finish_registration')).toBe('/cabinet/profile/edit?seller_profile_edit=true');
    expect(warningLink('no_pricing_plans')).toBeNull();
  });
  it('hides no_active_pay_method for free products', () => {
    expect(visibleWarnings(['no_active_pay_method', 'no_digitals'], true)).toEqual(['no_digitals']);
    expect(visibleWarnings(['no_active_pay_method'], false)).toEqual(['no_active_pay_method']);
  });
});
