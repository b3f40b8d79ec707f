/** The buyer block of a corrected invoice: one line per row, 1–6 lines of at most 200 characters. */
export const MAX_LINES = 6;
export const MAX_LINE = 200;

export function buyerLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

export type LinesError = 'linesRequired' | 'tooManyLines' | 'lineTooLong' | null;

export function linesError(text: string): LinesError {
  const lines = buyerLines(text);
  if (lines.length === 0) return 'linesRequired';
  if (lines.length > MAX_LINES) return 'tooManyLines';
  if (lines.some((l) => l.length > MAX_LINE)) return 'lineTooLong';
  return null;
}

/** Only a regular or corrected invoice that is not canceled yet can be corrected (a credit memo cannot). */
export function correctable(row: { form: string; state: string }): boolean {
  return row.form !== 'reversal' && row.state !== 'canceled';
}
