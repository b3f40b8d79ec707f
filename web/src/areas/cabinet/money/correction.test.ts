import { describe, expect, it } from 'vitest';
import { buyerLines, correctable, linesError } from './correction';

describe('invoice correction', () => {
  it('reads the buyer block line by line, without blank lines', () => {
    expect(buyerLines(' Bea Buyer \n\nBuyer Kft.\n')).toEqual(['Bea Buyer', 'Buyer Kft.']);
  });
  it('names what is wrong with the buyer block', () => {
    expect(linesError('')).toBe('linesRequired');
    expect(linesError('a\nb\nc\nd\ne\nf\ng')).toBe('tooManyLines');
    expect(linesError('x'.repeat(201))).toBe('lineTooLong');
    expect(linesError('Bea Buyer\nAndrássy út 1')).toBeNull();
  });
  it('offers the correction only where the API accepts it', () => {
    expect(correctable({ form: 'regular', state: 'paid' })).toBe(true);
    expect(correctable({ form: 'corrected', state: 'paid' })).toBe(true);
    expect(correctable({ form: 'reversal', state: 'issued' })).toBe(false);
    expect(correctable({ form: 'regular', state: 'canceled' })).toBe(false);
  });
});
