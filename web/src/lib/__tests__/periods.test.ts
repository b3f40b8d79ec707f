import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { PERIOD_OPTIONS, periodLabel } from '../periods';

describe('periodLabel', () => {
  it('reads 7, 14 and 21 days as weeks, in both languages', async () => {
    await i18n.changeLanguage('en');
    expect(periodLabel('7d', i18n.t)).toBe('1 week');
    expect(periodLabel('14d', i18n.t)).toBe('2 weeks');
    expect(periodLabel('1m', i18n.t)).toBe('1 month');
    expect(periodLabel('5d', i18n.t)).toBe('5 days');
    await i18n.changeLanguage('de');
    expect(periodLabel('2y', i18n.t)).toBe('2 Jahre');
    expect(periodLabel('21d', i18n.t)).toBe('3 Wochen');
    await i18n.changeLanguage('en');
  });
  it('offers every period of core §3', () => {
    expect(PERIOD_OPTIONS).toHaveLength(27 + 1 + 11 + 2);
  });
});
