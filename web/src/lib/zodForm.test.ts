import { describe, expect, it } from 'vitest';
import { LicenseKeysInSchema, ProductPatchSchema, SignUpSchema } from '../api/zod.gen';
import i18n from '../i18n';
import { issueMessage, rules } from './zodForm';

const firstMessage = (result: { success: boolean; error?: { issues: unknown[] } }) => {
  expect(result.success).toBe(false);
  return issueMessage(result.error!.issues[0] as Parameters<typeof issueMessage>[0]);
};

describe('the contract rules, checked before sending', () => {
  it("refuses what the backend refuses, in the user's words", async () => {
    await i18n.changeLanguage('en');
    expect(firstMessage(ProductPatchSchema.safeParse({ deliveryLink: 'javascript:alert(1)' }))).toBe(
      'Enter a link starting with http:// or https://',
    );
    expect(firstMessage(ProductPatchSchema.safeParse({ keyFormat: 'SF-{abc}' }))).toMatch(/parameter_X/);
    expect(firstMessage(ProductPatchSchema.safeParse({ name: 'x'.repeat(301) }))).toBe('At most 300 characters');
    expect(firstMessage(LicenseKeysInSchema.safeParse({ generate: 5001 }))).toBe('At most 5000');
    await i18n.changeLanguage('de');
    expect(firstMessage(LicenseKeysInSchema.safeParse({ generate: 0 }))).toBe('Mindestens 1');
    await i18n.changeLanguage('en');
  });

  it('lets through what the backend takes', () => {
    expect(ProductPatchSchema.safeParse({ deliveryLink: 'https://files.example.com/pack?x=1', keyFormat: 'SF-{alphanumeric_5}-{numeric_4}' }).success).toBe(true);
    expect(ProductPatchSchema.safeParse({ deliveryLink: '', keyFormat: '' }).success).toBe(true); // clears
    // the backend judges the size and kind: the shape alone passes here
    expect(ProductPatchSchema.safeParse({ keyFormat: 'SF-{hex_5}' }).success).toBe(true);
  });

  it("checks an address and a new password by lib/validation's rules, in its words", async () => {
    await i18n.changeLanguage('en');
    const email = rules.email(SignUpSchema.shape.email);
    const password = rules.newPassword(SignUpSchema.shape.password);
    expect(firstMessage(email.safeParse('  '))).toBe('required');
    expect(firstMessage(email.safeParse('not-an-address'))).toBe('invalid email');
    expect(email.parse(' ada@example.com ')).toBe('ada@example.com');
    expect(firstMessage(password.safeParse('short'))).toBe('Password must be at least 8 characters');
    expect(password.safeParse('correct-horse').success).toBe(true);
  });
});
