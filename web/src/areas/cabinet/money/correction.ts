/** The buyer block of a corrected invoice: one line per row, 1–6 lines of at most 200 characters (trimmed). */
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

/** The error to show while typing: too many or too long lines at once; an empty block only once the field was left
 * or the form sent. */
export function liveLinesError(text: string, touched: boolean): LinesError {
  const problem = linesError(text);
  return problem === 'linesRequired' && !touched ? null : problem;
}

/** The correction's body: the trimmed lines and the country as an upper-case two-letter code, or null. */
export function correctionBody(text: string, country: string): { buyerLines: string[]; buyerCountry: string | null } {
  const code = country.trim().toUpperCase();
  return { buyerLines: buyerLines(text), buyerCountry: /^[A-Z]{2}$/.test(code) ? code : null };
}

/** Only a regular or corrected invoice that is not canceled yet can be corrected (the API answers 409 to a credit
 * memo and to an invoice already corrected or canceled). */
export function correctable(row: { form: string; state: string }): boolean {
  return (row.form === 'regular' || row.form === 'corrected') && row.state !== 'canceled';
}
