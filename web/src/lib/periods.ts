/** Billing periods of recurring plans (core §3): the codes the API takes and how they read. */
import type { TFunction } from 'i18next';

export const PERIOD_OPTIONS = [
  ...Array.from({ length: 27 }, (_, i) => `${i + 1}d`),
  '4w',
  ...Array.from({ length: 11 }, (_, i) => `${i + 1}m`),
  '1y',
  '2y',
] as const;

function parsed(code: string | null | undefined): { count: number; unit: string } | null {
  const m = /^(\d+)([dwmy])$/.exec(code ?? '');
  if (!m) return null;
  let count = Number(m[1]);
  let unit: string = m[2] ?? '';
  if (unit === 'd' && count % 7 === 0 && count <= 21) {
    count /= 7;
    unit = 'w';
  }
  return { count, unit };
}

/** `7d` reads "1 week", `14d` "2 weeks", `1m` "1 month"; an unknown code reads as given. */
export function periodLabel(code: string | null | undefined, t: TFunction): string {
  const p = parsed(code);
  return p ? t(`editor.periodUnit.${p.unit}`, { count: p.count }) : (code ?? '');
}

/** How often a plan charges, in the language's own words and plural forms: `1m` reads "every month" ("jeden
 * Monat"), `3m` "every 3 months" ("alle 3 Monate"). */
export function everyPeriod(code: string | null | undefined, t: TFunction): string {
  const p = parsed(code);
  return p ? t(`editor.everyUnit.${p.unit}`, { count: p.count }) : (code ?? '');
}
