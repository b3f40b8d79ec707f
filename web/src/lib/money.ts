/**
 * Money in integer minor units plus a lowercase currency key (core §9):
 * symbol left for USD and GBP, otherwise right; CHF (and code-like symbols) with a space;
 * two decimals; `00.00` in English, Arabic and Korean, `0,00` in the other languages of core §9. Mirrors
 * domain/money.py.
 */
import { languageOf } from '../i18n/languages';

const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
const SYMBOLS: Record<string, string> = { eur: '€', usd: '$', gbp: '£', chf: 'CHF', pln: 'zł' };
const SYMBOL_LEFT = new Set(['usd', 'gbp']);

export const PRICE_CURRENCIES = ['eur', 'usd', 'gbp', 'chf'] as const;
export const MAX_PRICE_MAJOR = 1_000_000;

export function currencyExponent(currency: string): number {
  return ZERO_DECIMAL.has(currency.toLowerCase()) ? 0 : 2;
}

export function currencySymbol(currency: string): string {
  const cur = currency.toLowerCase();
  return SYMBOLS[cur] ?? cur.toUpperCase();
}

export function formatMoney(amount: number | null | undefined, currency: string | null | undefined, locale = 'en'): string {
  if (amount === null || amount === undefined || !currency) return '—';
  const cur = currency.toLowerCase();
  const exp = currencyExponent(cur);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(amount));
  const divisor = 10 ** exp;
  const whole = Math.floor(abs / divisor);
  const frac = abs % divisor;
  const sep = languageOf(locale).decimalPoint ? '.' : ',';
  const number = exp ? `${whole}${sep}${String(frac).padStart(exp, '0')}` : `${whole}`;
  const symbol = currencySymbol(cur);
  if (SYMBOL_LEFT.has(cur)) return `${sign}${symbol}${number}`;
  if (symbol === '€') return `${sign}${number}${symbol}`;
  return `${sign}${number} ${symbol}`;
}

const DECIMAL_RE = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/;

/**
 * Parses a decimal text such as `19.90` or `19,9` into minor units (1990) by string arithmetic,
 * never through floating point. Returns null when the text is not a valid amount.
 */
export function parseMoneyInput(text: string, currency = 'eur'): number | null {
  const match = DECIMAL_RE.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const frac = match[2] ?? '';
  const exp = currencyExponent(currency);
  if (frac.length > exp) return null;
  const minor = Number.parseInt(whole, 10) * 10 ** exp + (exp ? Number.parseInt(frac.padEnd(exp, '0') || '0', 10) : 0);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Validation message key for a price text, or null when it is fine (1 minor unit .. 1,000,000 major units). */
export function priceError(text: string, currency = 'eur'): 'required' | 'invalid_price' | 'price_range' | null {
  if (!text.trim()) return 'required';
  const minor = parseMoneyInput(text, currency);
  if (minor === null) return 'invalid_price';
  if (minor < 1 || minor > MAX_PRICE_MAJOR * 10 ** currencyExponent(currency)) return 'price_range';
  return null;
}
