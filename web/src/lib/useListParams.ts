/** React binding of listState.ts to the URL search params. */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  applyFilters,
  correctPage,
  parseListState,
  setPage,
  setPer,
  setQuery,
  toggleSort,
  writeListState,
  type Filters,
  type ListDefaults,
  type ListState,
} from './listState';

export interface ListParams {
  state: ListState;
  setPage: (page: number) => void;
  setPer: (per: number) => void;
  setQuery: (query: string) => void;
  applyFilters: (filters: Filters) => void;
  toggleSort: (key: string) => void;
  /** Call when the total count is known: moves a page beyond the last one back. */
  syncTotal: (totalCount: number) => void;
}

export function useListParams(defaults: ListDefaults): ListParams {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListState(searchParams, defaults), [searchParams, defaults]);

  const update = useCallback(
    (next: ListState | null, replace = false) => {
      if (!next) return;
      setSearchParams((current) => writeListState(next, defaults, current), { replace });
    },
    [setSearchParams, defaults],
  );

  return {
    state,
    setPage: useCallback((page: number) => update(setPage(state, page)), [state, update]),
    setPer: useCallback((per: number) => update(setPer(state, per)), [state, update]),
    setQuery: useCallback((query: string) => update(setQuery(state, query)), [state, update]),
    applyFilters: useCallback((filters: Filters) => update(applyFilters(state, filters)), [state, update]),
    toggleSort: useCallback((key: string) => update(toggleSort(state, key)), [state, update]),
    syncTotal: useCallback((total: number) => update(correctPage(state, total), true), [state, update]),
  };
}
