import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { everyPeriod, periodLabel } from './periods';

describe('periods in the reader’s language', () => {
  it('say how often a plan charges with the language’s own plural forms', async () => {
    await i18n.changeLanguage('de');
    expect(everyPeriod('1m', i18n.t)).toBe('jeden Monat');
    expect(everyPeriod('3m', i18n.t)).toBe('alle 3 Monate');
    expect(everyPeriod('7d', i18n.t)).toBe('jede Woche');
    expect(everyPeriod('1y', i18n.t)).toBe('jedes Jahr');
    expect(periodLabel('14d', i18n.t)).toBe('2 Wochen');
    await i18n.changeLanguage('en');
    expect(everyPeriod('1m', i18n.t)).toBe('every month');
    expect(everyPeriod('2y', i18n.t)).toBe('every 2 years');
    expect(everyPeriod('nonsense', i18n.t)).toBe('nonsense');
  });
});
