/**
 * The lists' date window (editor §9): the default window is the last 90 days; the options are 7, 30, 90, 180 and
 * 365 days, the week, the calendar month and the year, in the relative modes last, current and previous; or two
 * days chosen by hand, or no window at all. A window is kept in the URL as its token (so a link opened next month
 * still means "the current month") and resolved to the API's bounds when the list is asked for.
 */

export const DAY_SPANS = [7, 30, 90, 180, 365] as const;
export const PERIODS = ['week', 'month', 'year'] as const;
export type Period = (typeof PERIODS)[number];

/** `last_90_days`, `current_month`, `previous_week`, `all`, or `custom` (with its days beside it). */
export type WindowToken = `last_${(typeof DAY_SPANS)[number]}_days` | `current_${Period}` | `previous_${Period}` | 'all' | 'custom';

export const DEFAULT_WINDOW: WindowToken = 'last_90_days';

export const WINDOW_TOKENS: readonly WindowToken[] = [
  ...DAY_SPANS.map((n) => `last_${n}_days` as const),
  ...PERIODS.map((p) => `current_${p}` as const),
  ...PERIODS.map((p) => `previous_${p}` as const),
  'custom',
  'all',
];

/** A window as the URL keeps it: its token, and for `custom` the first and last day (YYYY-MM-DD). */
export interface DateWindow {
  token: WindowToken;
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isToken(value: string): value is WindowToken {
  return (WINDOW_TOKENS as readonly string[]).includes(value);
}

/** The window of a URL filter's values (`[token]` or `['custom', from, to]`); the default when absent or unknown. */
export function parseWindow(values: readonly string[] | undefined, fallback: WindowToken = DEFAULT_WINDOW): DateWindow {
  const [token, from, to] = values ?? [];
  if (!token || !isToken(token)) return { token: fallback };
  if (token !== 'custom') return { token };
  return { token, from: from && DAY.test(from) ? from : undefined, to: to && DAY.test(to) ? to : undefined };
}

/** The URL filter values of a window; none for the default (so the default is the bare URL). */
export function windowValues(w: DateWindow, fallback: WindowToken = DEFAULT_WINDOW): string[] {
  if (w.token === fallback) return [];
  if (w.token !== 'custom') return [w.token];
  return ['custom', w.from ?? '', w.to ?? ''];
}

function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

/** The first moment of the period containing `d` (weeks start on Monday, as in de and ISO 8601). */
function startOf(period: Period, d: Date): Date {
  if (period === 'year') return new Date(d.getFullYear(), 0, 1);
  if (period === 'month') return new Date(d.getFullYear(), d.getMonth(), 1);
  const day = startOfDay(d);
  const back = (day.getDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() - back);
}

function shift(period: Period, d: Date, n: number): Date {
  if (period === 'year') return new Date(d.getFullYear() + n, d.getMonth(), d.getDate());
  if (period === 'month') return new Date(d.getFullYear(), d.getMonth() + n, d.getDate());
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 7 * n);
}

/** The window's bounds in the browser's time zone: `from` inclusive, `to` exclusive; null for no bound. */
export function resolveWindow(w: DateWindow, now: Date = new Date()): { from: Date | null; to: Date | null } {
  if (w.token === 'all') return { from: null, to: null };
  if (w.token === 'custom') {
    const day = (s?: string) => (s ? new Date(`${s}T00:00:00`) : null);
    const to = day(w.to);
    return { from: day(w.from), to: to ? new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1) : null };
  }
  const days = /^last_(\d+)_days$/.exec(w.token);
  if (days?.[1]) {
    const today = startOfDay(now);
    return { from: new Date(today.getFullYear(), today.getMonth(), today.getDate() - Number(days[1]) + 1), to: null };
  }
  const [mode, period] = w.token.split('_') as ['current' | 'previous', Period];
  const start = startOf(period, now);
  if (mode === 'current') return { from: start, to: null };
  return { from: shift(period, start, -1), to: start };
}

function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The API's filters for a window over `prefix` (`created` → `created_from`, `created_to`): ISO moments with the
 * browser's offset, or whole days where the list filters by day (`days`), both ends inclusive.
 */
export function windowFilters(prefix: string, w: DateWindow, days = false, now: Date = new Date()): Record<string, string[]> {
  const { from, to } = resolveWindow(w, now);
  const out: Record<string, string[]> = {};
  if (from) out[`${prefix}_from`] = [days ? localDay(from) : from.toISOString()];
  if (to) {
    const last = new Date(to.getTime() - 1);
    out[`${prefix}_to`] = [days ? localDay(last) : last.toISOString()];
  }
  return out;
}
