import { describe, expect, it } from 'vitest';
import {
  PAGE_SIZES,
  applyFilters,
  correctPage,
  parseListState,
  setPage,
  setPer,
  setQuery,
  toApiQuery,
  toggleSort,
  writeListState,
  type ListDefaults,
} from '../listState';

const defaults: ListDefaults = { per: 20, perOptions: PAGE_SIZES, sortKey: 'created_at', sortDir: 'desc' };
const at = (qs: string) => parseListState(new URLSearchParams(qs), defaults);

describe('list state (core §4)', () => {
  it('reads defaults and URL params', () => {
    expect(at('')).toEqual({ page: 1, per: 20, query: '', sortKey: 'created_at', sortDir: 'desc', filters: {} });
    const s = at('page=3&per=50&query=ada&sortKey=total&sortDir=asc&filters[payment_state][]=paid&filters[payment_state][]=paying');
    expect(s).toEqual({ page: 3, per: 50, query: 'ada', sortKey: 'total', sortDir: 'asc', filters: { payment_state: ['paid', 'paying'] } });
  });

  it('ignores invalid page and per values', () => {
    expect(at('page=-2&per=7')).toMatchObject({ page: 1, per: 20 });
    expect(at('page=abc&sortDir=sideways')).toMatchObject({ page: 1, sortDir: 'desc' });
  });

  it('changing the page size resets the page to 1', () => {
    expect(setPer(at('page=4'), 100)).toMatchObject({ page: 1, per: 100 });
  });

  it('applying filters resets to page 1 and drops empty filters', () => {
    expect(applyFilters(at('page=4'), { payment_state: ['paid'], product_id: [] })).toMatchObject({
      page: 1,
      filters: { payment_state: ['paid'] },
    });
    expect(setQuery(at('page=4'), 'x')).toMatchObject({ page: 1, query: 'x' });
  });

  it('corrects a page beyond the last to the last page, or 1', () => {
    expect(correctPage(at('page=9&per=10'), 45)).toMatchObject({ page: 5 });
    expect(correctPage(at('page=3'), 0)).toMatchObject({ page: 1 });
    expect(correctPage(at('page=2&per=10'), 45)).toBeNull();
  });

  it('sorting on the same key toggles asc/desc; a new key starts ascending', () => {
    const s = at('');
    const once = toggleSort(s, 'created_at');
    expect(once).toMatchObject({ sortKey: 'created_at', sortDir: 'asc' });
    expect(toggleSort(once, 'created_at')).toMatchObject({ sortDir: 'desc' });
    expect(toggleSort(once, 'total')).toMatchObject({ sortKey: 'total', sortDir: 'asc' });
  });

  it('round-trips through the URL, leaving defaults out and keeping other params', () => {
    const state = applyFilters(setPage(toggleSort(at(''), 'total'), 1), { payment_state: ['paid'] });
    const params = writeListState(setPage(state, 2), defaults, new URLSearchParams('tab=x&page=7'));
    expect(params.get('tab')).toBe('x');
    expect(params.get('page')).toBe('2');
    expect(params.has('per')).toBe(false);
    expect(parseListState(params, defaults)).toEqual({ ...setPage(state, 2) });
  });

  it('builds the API query', () => {
    expect(toApiQuery(at('page=2&query=ada&filters[payment_state][]=paid'))).toEqual({
      page: 2,
      per: 20,
      query: 'ada',
      sortKey: 'created_at',
      sortDir: 'desc',
      filters: { payment_state: ['paid'] },
    });
  });
});
