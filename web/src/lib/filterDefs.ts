/**
 * The filter bar's thirteen types (editor §2 "List filter bar types") as data: what a list offers, how each keeps
 * its value in the URL (`filters[key][]`, as strings) and what it sends to the API.
 */
import { buildQuery, type QueryParams } from '../api/query';
import { type DateWindow, type WindowToken, parseWindow, windowFilters } from './dateWindow';
import { type Filters, type ListState, toApiQuery } from './listState';

export type FilterType =
  | 'date_range' // two days, each with an optional time
  | 'date_range_no_time' // two days
  | 'date_time_range' // two moments
  | 'relative_date_range' // the date window: last 90 days, current month, … (dateWindow.ts)
  | 'single_select'
  | 'multi_select'
  | 'select_with_search' // one choice out of many, typed to search
  | 'multi_search' // several choices out of many, typed to search
  | 'creatable_multi_select' // several values, typed freely
  | 'text'
  | 'number'
  | 'date'
  | 'number_range';

export const FILTER_TYPES: readonly FilterType[] = [
  'date_range',
  'date_range_no_time',
  'date_time_range',
  'relative_date_range',
  'single_select',
  'multi_select',
  'select_with_search',
  'multi_search',
  'creatable_multi_select',
  'text',
  'number',
  'date',
  'number_range',
];

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterDef {
  /** The URL's key (`filters[key][]`). */
  key: string;
  type: FilterType;
  label: string;
  options?: FilterOption[];
  /** The API's key, or its prefix for ranges and windows (`created` → `created_from`, `created_to`); `key` by default. */
  api?: string;
  /** A window over whole days (the API takes dates, not moments). */
  days?: boolean;
  /** The window when the URL names none: the last 90 days (editor §9), or all time for the catalogue's lists. */
  fallback?: WindowToken;
  /** Number ranges: bounds as typed, and what the API counts (100: amounts typed in euros, sent in cents). */
  min?: number;
  max?: number;
  scale?: number;
  /** Shown in the bar itself rather than in the filter panel. */
  inline?: boolean;
}

const RANGE_ENDS: Partial<Record<FilterType, [string, string]>> = {
  date_range: ['from', 'to'],
  date_range_no_time: ['from', 'to'],
  date_time_range: ['from', 'to'],
  number_range: ['min', 'max'],
};

function momentOf(value: string, end: boolean, type: FilterType): string | null {
  if (!value) return null;
  if (type === 'date_range_no_time') return value; // the API counts a day whole
  const when = new Date(value.length === 10 ? `${value}T${end ? '23:59:59.999' : '00:00:00'}` : value);
  return Number.isNaN(when.getTime()) ? null : when.toISOString();
}

/** A number as typed (a comma is a decimal point in German), in the API's units; null when it is none. */
export function scaled(value: string, scale = 1): number | null {
  const text = value.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * scale);
}

/** The API's filters for what the URL holds: ranges and windows become their two ends, numbers their units. */
export function apiFilters(defs: readonly FilterDef[], filters: Filters, now: Date = new Date()): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const def of defs) {
    const values = filters[def.key] ?? [];
    const api = def.api ?? def.key;
    if (def.type === 'relative_date_range') {
      Object.assign(out, windowFilters(api, parseWindow(values, def.fallback), def.days, now));
      continue;
    }
    if (!values.length) continue;
    const ends = RANGE_ENDS[def.type];
    if (ends) {
      values.slice(0, 2).forEach((value, i) => {
        const end = ends[i] as string;
        const sent =
          def.type === 'number_range' ? scaled(value, def.scale)?.toString() ?? null : momentOf(value, i === 1, def.type);
        if (sent !== null) out[`${api}_${end}`] = [sent];
      });
      continue;
    }
    if (def.type === 'number') {
      const n = scaled(values[0] ?? '', def.scale);
      if (n !== null) out[api] = [String(n)];
      continue;
    }
    if (def.type === 'date' || def.type === 'text') {
      const v = (values[0] ?? '').trim();
      if (v) out[api] = [v];
      continue;
    }
    out[api] = [...values];
  }
  return out;
}

/** The window a list shows (its relative date range filter), for its heading. */
export function windowOf(defs: readonly FilterDef[], filters: Filters): DateWindow | null {
  const def = defs.find((d) => d.type === 'relative_date_range');
  return def ? parseWindow(filters[def.key], def.fallback) : null;
}

/** How many filters are set besides the window (the filter button's badge). */
export function activeCount(defs: readonly FilterDef[], filters: Filters): number {
  return defs.filter((d) => d.type !== 'relative_date_range' && (filters[d.key] ?? []).some((v) => v !== '')).length;
}

/** The API's list query for the state in the URL: page, size, search, sort, and the filters as the API takes them. */
export function listApiQuery(state: ListState, defs: readonly FilterDef[], now: Date = new Date()): QueryParams {
  const query = toApiQuery({ ...state, filters: {} });
  const filters = apiFilters(defs, state.filters, now);
  if (Object.keys(filters).length) query.filters = filters;
  return query;
}

/** The CSV of what the list shows: the same query without its page. */
export function csvHref(path: string, query: QueryParams): string {
  const rest = Object.fromEntries(Object.entries(query).filter(([k]) => k !== 'page' && k !== 'per'));
  const qs = buildQuery(rest);
  return qs ? `${path}?${qs}` : path;
}
