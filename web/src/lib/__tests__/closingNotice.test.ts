// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { accountDeleted, forgetAccountDeleted, rememberAccountDeleted } from '../closingNotice';

describe('closingNotice', () => {
  it('is remembered after a confirmed deletion until the sign-in page has shown it', () => {
    expect(accountDeleted()).toBe(false);
    rememberAccountDeleted();
    expect(accountDeleted()).toBe(true);
    forgetAccountDeleted();
    expect(accountDeleted()).toBe(false);
  });
});
