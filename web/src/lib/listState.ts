/**
 * List behaviour of core §4, as pure functions over a list state kept in the URL:
 * - changing the page size resets the page to 1;
 * - applying filters (or a search) resets to page 1;
 * - a page beyond the last is corrected to the last page (or 1);
 * - sorting on the same key toggles asc/desc.
 * URL parameters: page, per, query, sortKey, sortDir, and filters as `filters[key]` (repeated for arrays).
 */
import type { QueryParams } from '../api/query';

export type SortDir = 'asc' | 'desc';
export type Filters = Record<string, string[]>;

export interface ListState {
  page: number;
  per: number;
  query: string;
  sortKey: string | null;
  sortDir: SortDir;
  filters: Filters;
}

export interface ListDefaults {
  per: number;
  perOptions: readonly number[];
  sortKey?: string | null;
  sortDir?: SortDir;
}

export const PAGE_SIZES = [10, 20, 50, 100, 200, 500] as const;

export function defaultState(defaults: ListDefaults): ListState {
  return {
    page: 1,
    per: defaults.per,
    query: '',
    sortKey: defaults.sortKey ?? null,
    sortDir: defaults.sortDir ?? 'desc',
    filters: {},
  };
}

const FILTER_RE = /^filters\[([^\]]+)\](?:\[\])?$/;

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const n = Number.parseInt(raw, 10);
  return n >= 1 ? n : null;
}

export function parseListState(params: URLSearchParams, defaults: ListDefaults): ListState {
  const base = defaultState(defaults);
  const per = positiveInt(params.get('per'));
  const dir = params.get('sortDir');
  const filters: Filters = {};
  params.forEach((value, key) => {
    const match = FILTER_RE.exec(key);
    if (match?.[1] && value) {
      filters[match[1]] = [...(filters[match[1]] ?? []), value];
    }
  });
  return {
    page: positiveInt(params.get('page')) ?? 1,
    per: per !== null && defaults.perOptions.includes(per) ? per : base.per,
    query: params.get('query') ?? '',
    sortKey: params.get('sortKey') || base.sortKey,
    sortDir: dir === 'asc' || dir === 'desc' ? dir : base.sortDir,
    filters,
  };
}

/** Writes the state into search params, leaving out defaults and keeping unrelated params. */
export function writeListState(state: ListState, defaults: ListDefaults, current?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  current?.forEach((value, key) => {
    if (!['page', 'per', 'query', 'sortKey', 'sortDir'].includes(key) && !FILTER_RE.test(key)) params.append(key, value);
  });
  const base = defaultState(defaults);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.per !== base.per) params.set('per', String(state.per));
  if (state.query) params.set('query', state.query);
  if (state.sortKey && state.sortKey !== base.sortKey) params.set('sortKey', state.sortKey);
  if (state.sortDir !== base.sortDir) params.set('sortDir', state.sortDir);
  for (const [key, values] of Object.entries(state.filters)) {
    for (const value of values) params.append(`filters[${key}][]`, value);
  }
  return params;
}

export function setPage(state: ListState, page: number): ListState {
  return { ...state, page: Math.max(1, Math.trunc(page)) };
}

export function setPer(state: ListState, per: number): ListState {
  return { ...state, per, page: 1 };
}

export function setQuery(state: ListState, query: string): ListState {
  return { ...state, query, page: 1 };
}

export function applyFilters(state: ListState, filters: Filters): ListState {
  const clean: Filters = {};
  for (const [key, values] of Object.entries(filters)) if (values.length) clean[key] = [...values];
  return { ...state, filters: clean, page: 1 };
}

/** Same key toggles the direction; another key starts ascending. */
export function toggleSort(state: ListState, key: string): ListState {
  if (state.sortKey === key) return { ...state, sortDir: state.sortDir === 'asc' ? 'desc' : 'asc' };
  return { ...state, sortKey: key, sortDir: 'asc' };
}

export function lastPage(totalCount: number, per: number): number {
  return Math.max(1, Math.ceil(Math.max(0, totalCount) / per));
}

/** Corrects a page beyond the last one once the total count is known; null when nothing changes. */
export function correctPage(state: ListState, totalCount: number): ListState | null {
  const last = lastPage(totalCount, state.per);
  return state.page > last ? { ...state, page: last } : null;
}

/** The API's generic list query (converted to snake_case by the client). */
export function toApiQuery(state: ListState): QueryParams {
  const query: QueryParams = { page: state.page, per: state.per };
  if (state.query) query.query = state.query;
  if (state.sortKey) {
    query.sortKey = state.sortKey;
    query.sortDir = state.sortDir;
  }
  if (Object.keys(state.filters).length) query.filters = { ...state.filters };
  return query;
}
