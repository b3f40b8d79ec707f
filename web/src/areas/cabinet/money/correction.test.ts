import { describe, expect, it } from 'vitest';
import { buyerLines, correctable, correctionBody, linesError, liveLinesError } from './correction';

describe('invoice correction', () => {
  it('reads the buyer block line by line, without blank lines', () => {
    expect(buyerLines(' Bea Buyer \n\nBuyer Kft.\n')).toEqual(['Bea Buyer', 'Buyer Kft.']);
  });
  it('names what is wrong with the buyer block', () => {
    expect(linesError('')).toBe('linesRequired');
    expect(linesError(' \n \n')).toBe('linesRequired');
    expect(linesError('a\nb\nc\nd\ne\nf\ng')).toBe('tooManyLines');
    expect(linesError('a\nb\nc\nd\ne\nf')).toBeNull();
    expect(linesError('x'.repeat(201))).toBe('lineTooLong');
    expect(linesError(`  ${'x'.repeat(200)}  `)).toBeNull();
    expect(linesError('Bea Buyer\nAndrássy út 1')).toBeNull();
  });
  it('validates while typing, but asks for a first line only once the field was left', () => {
    expect(liveLinesError('', false)).toBeNull();
    expect(liveLinesError('', true)).toBe('linesRequired');
    expect(liveLinesError('a\nb\nc\nd\ne\nf\ng', false)).toBe('tooManyLines');
    expect(liveLinesError('x'.repeat(201), false)).toBe('lineTooLong');
  });
  it('sends the trimmed lines and an upper-case country or none', () => {
    expect(correctionBody(' Bea \nStreet 1', 'de')).toEqual({ buyerLines: ['Bea', 'Street 1'], buyerCountry: 'DE' });
    expect(correctionBody('Bea', '')).toEqual({ buyerLines: ['Bea'], buyerCountry: null });
  });
  it('offers the correction only where the API accepts it', () => {
    expect(correctable({ form: 'regular', state: 'paid' })).toBe(true);
    expect(correctable({ form: 'regular', state: 'issued' })).toBe(true);
    expect(correctable({ form: 'corrected', state: 'paid' })).toBe(true);
    expect(correctable({ form: 'reversal', state: 'issued' })).toBe(false);
    expect(correctable({ form: 'regular', state: 'canceled' })).toBe(false);
    expect(correctable({ form: 'corrected', state: 'canceled' })).toBe(false);
  });
});
