import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoneyInput, priceError } from '../money';

describe('formatMoney', () => {
  it('puts $ and £ on the left, € on the right, CHF with a space', () => {
    expect(formatMoney(1990, 'usd')).toBe('$19.90');
    expect(formatMoney(1990, 'gbp')).toBe('£19.90');
    expect(formatMoney(1990, 'eur')).toBe('19.90€');
    expect(formatMoney(1990, 'chf')).toBe('19.90 CHF');
  });
  it('uses a decimal comma in German and always two decimals', () => {
    expect(formatMoney(1990, 'eur', 'de')).toBe('19,90€');
    expect(formatMoney(5, 'usd', 'de')).toBe('$0,05');
    expect(formatMoney(100000, 'chf', 'de')).toBe('1000,00 CHF');
  });
  it('handles negatives, zero-decimal currencies, unknown codes and null', () => {
    expect(formatMoney(-250, 'eur')).toBe('-2.50€');
    expect(formatMoney(500, 'jpy')).toBe('500 JPY');
    expect(formatMoney(1234, 'sek')).toBe('12.34 SEK');
    expect(formatMoney(null, 'eur')).toBe('—');
  });
});

describe('parseMoneyInput', () => {
  it('parses decimal text into minor units without floats', () => {
    expect(parseMoneyInput('19.90')).toBe(1990);
    expect(parseMoneyInput('19,9')).toBe(1990);
    expect(parseMoneyInput('19')).toBe(1900);
    expect(parseMoneyInput(' 0.05 ')).toBe(5);
    // 0.1 + 0.2 style float traps do not apply
    expect(parseMoneyInput('1.15')).toBe(115);
    expect(parseMoneyInput('4.35')).toBe(435);
    expect(parseMoneyInput('1005.99')).toBe(100599);
  });
  it('rejects bad input', () => {
    for (const text of ['', 'abc', '1.999', '-1', '1e3', '1.2.3', '.5']) expect(parseMoneyInput(text)).toBeNull();
  });
  it('validates the range', () => {
    expect(priceError('')).toBe('required');
    expect(priceError('x')).toBe('invalid_price');
    expect(priceError('0')).toBe('price_range');
    expect(priceError('1000000.01')).toBe('price_range');
    expect(priceError('1000000')).toBeNull();
    expect(priceError('0.01')).toBeNull();
  });
});
