/** Billing periods of recurring plans (core §3): the codes the API takes and how they read. */
import type { TFunction } from 'i18next';

export const PERIOD_OPTIONS = [
  ...Array.from({ length: 27 }, (_, i) => `${i + 1}d`),
  '4w',
  ...Array.from({ length: 11 }, (_, i) => `${i + 1}m`),
  '1y',
  '2y',
] as const;

/** `7d` reads "1 week", `14d` "2 weeks", `1m` "1 month"; an unknown code reads as given. */
export function periodLabel(code: string | null | undefined, t: TFunction): string {
  const m = /^(\d+)([dwmy])$/.exec(code ?? '');
  if (!m) return code ?? '';
  let count = Number(m[1]);
  let unit = m[2];
  if (unit === 'd' && count % 7 === 0 && count <= 21) {
    count /= 7;
    unit = 'w';
  }
  return t(`editor.periodUnit.${unit}`, { count });
}
