/** Pure logic of the Recovery page: the months to ask for, the chart series of one currency, and the totals. */
import type { Theme } from '@mui/material/styles';
import type { RecoveredStage, RecoveryAnalytics, RecoveryMoney } from '../../../api/recovery';

export interface Series {
  key: string;
  label: string;
  values: number[];
  color: (theme: Theme) => string;
}

/** The recovered stages in the order the money comes back. */
export const STAGES: readonly RecoveredStage[] = ['beforeFirstReminder', 'first', 'second', 'third', 'inkasso'];

export const RANGES = [6, 12, 24, 36] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** `from`/`to` (YYYY-MM) of the last `months` months up to and including the one of `today`. */
export function rangeQuery(months: number, today: Date): { from: string; to: string } {
  const y = today.getFullYear();
  const m = today.getMonth(); // 0-based
  const start = new Date(y, m - (months - 1), 1);
  return { from: `${start.getFullYear()}-${pad(start.getMonth() + 1)}`, to: `${y}-${pad(m + 1)}` };
}

/** "Nov 26" / "Nov. 26": a month code as a short label in the reader's language. */
export function monthLabel(code: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(code);
  if (!m) return code;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  return new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(d);
}

/** Nothing to chart: no recurring order and no claim in the range. */
export function isEmpty(a: RecoveryAnalytics): boolean {
  return a.currencies.length === 0 && a.months.every((m) => m.active === 0 && m.new === 0);
}

const ZERO: RecoveryMoney = {
  currency: '',
  mrr: 0,
  failed: 0,
  lost: 0,
  stillOpen: 0,
  recovered: { beforeFirstReminder: 0, first: 0, second: 0, third: 0, inkasso: 0 },
};

/** Every month's money figures in `currency` (zero where the month has none). */
export function moneyByMonth(a: RecoveryAnalytics, currency: string): RecoveryMoney[] {
  return a.months.map((m) => m.money.find((x) => x.currency === currency) ?? { ...ZERO, currency });
}

export interface Totals {
  failed: number;
  recovered: number;
  lost: number;
  /** Recovered share of the money whose claims ended (recovered + lost); null when none ended. */
  rate: number | null;
  /** MRR at the end of the last month. */
  mrr: number;
}

export function totals(money: RecoveryMoney[]): Totals {
  let failed = 0;
  let recovered = 0;
  let lost = 0;
  for (const m of money) {
    failed += m.failed;
    lost += m.lost;
    recovered += STAGES.reduce((sum, s) => sum + m.recovered[s], 0);
  }
  const ended = recovered + lost;
  return { failed, recovered, lost, rate: ended > 0 ? recovered / ended : null, mrr: money.at(-1)?.mrr ?? 0 };
}
