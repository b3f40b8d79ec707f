import { describe, expect, it } from 'vitest';
import { relativeTime } from './dates';

describe('relativeTime', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('says how long ago in the language', () => {
    expect(relativeTime('2026-11-25T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-25T11:55:00Z', 'de', now)).toBe('vor 5 Minuten');
    expect(relativeTime('2026-11-25T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-24T12:00:00Z', 'en', now)).toBe('yesterday');
  });
  it('gives the date past a week, and a dash for nothing', () => {
    expect(relativeTime('2026-10-01T12:00:00Z', 'en', now)).toBe('01.10.2026');
    expect(relativeTime(null, 'en', now)).toBe('—');
  });
});
