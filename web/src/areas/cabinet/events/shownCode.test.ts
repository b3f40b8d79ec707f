import { describe, expect, it } from 'vitest';
import { shownCode } from './CheckInPage';

describe('a ticket code as the ticket prints it', () => {
  it('puts the dash back however the code came in', () => {
    expect(shownCode('abcde23456')).toBe('ABCDE-23456');
    expect(shownCode('ABCDE 23456')).toBe('ABCDE-23456');
    expect(shownCode('ABCDE-23456')).toBe('ABCDE-23456');
  });
  it('leaves what is not a code as it was', () => {
    expect(shownCode('https://example.com')).toBe('https://example.com');
  });
});
