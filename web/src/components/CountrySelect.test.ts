import { describe, expect, it } from 'vitest';
import { COUNTRIES, EU_COUNTRIES, countryOptions } from './CountrySelect';

describe('country options', () => {
  it('cover the EU states and the usual countries outside it, as upper-case two-letter codes', () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    for (const code of [...EU_COUNTRIES, 'CH', 'GB', 'US', 'NO']) expect(COUNTRIES).toContain(code);
    for (const code of COUNTRIES) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
  });
  it('are named in the UI language and sorted by name', () => {
    const en = countryOptions('en');
    const de = countryOptions('de');
    expect(en.find((o) => o.code === 'DE')?.name).toBe('Germany');
    expect(de.find((o) => o.code === 'DE')?.name).toBe('Deutschland');
    expect(de.find((o) => o.code === 'CH')?.name).toBe('Schweiz');
    const names = de.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
    expect(en).toHaveLength(COUNTRIES.length);
  });
});
