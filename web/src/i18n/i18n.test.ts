import { describe, expect, it } from 'vitest';
import en from './en.json';
import de from './de.json';

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('translations', () => {
  it('en and de have the same keys', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });
  it('have every not-sellable reason', async () => {
    const { NOT_SELLABLE_REASONS } = await import('../lib/warnings');
    for (const r of NOT_SELLABLE_REASONS) {
      expect(en.warnings).toHaveProperty(r);
      expect(de.warnings).toHaveProperty(r);
    }
  });
});
