import { describe, expect, it } from 'vitest';
import { buildQuery } from '../query';
import { camelToSnake, keysToCamel, keysToSnake, snakeToCamel } from '../case';
import { isCancellableOnRouteChange } from '../inflight';

describe('case conversion', () => {
  it('converts single keys', () => {
    expect(snakeToCamel('total_count_max')).toBe('totalCountMax');
    expect(camelToSnake('totalCountMax')).toBe('total_count_max');
    expect(camelToSnake('already_snake')).toBe('already_snake');
  });
  it('converts deeply, leaving values alone', () => {
    expect(keysToCamel({ a_b: [{ c_d: 'e_f' }], g: null })).toEqual({ aB: [{ cD: 'e_f' }], g: null });
    expect(keysToSnake({ aB: { cD: ['xY'] } })).toEqual({ a_b: { c_d: ['xY'] } });
  });
});

describe('buildQuery', () => {
  it('skips empty values and encodes values', () => {
    expect(buildQuery({ query: 'a b&c', page: 1, empty: '', none: undefined })).toBe('query=a%20b%26c&page=1');
  });
  it('uses bracket arrays and nested keys', () => {
    expect(buildQuery({ expand: ['product', 'payer'], filters: { state: 'published' } })).toBe(
      'expand[]=product&expand[]=payer&filters[state]=published',
    );
  });
});

describe('isCancellableOnRouteChange', () => {
  it('keeps the listed endpoints', () => {
    for (const path of ['/app/session/renew_token', '/app/user', '/cabinet/seller', '/publish/publisher', '/payer/x', '/common/currencies', '/x/discussions', '/common/fonts']) {
      expect(isCancellableOnRouteChange(path)).toBe(false);
    }
    expect(isCancellableOnRouteChange('/cabinet/orders')).toBe(true);
  });
});
