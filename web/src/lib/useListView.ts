/** A cabinet list's view kept in the URL (page, size, search, sort, filters) and the API query it asks for. */
import { useEffect } from 'react';
import type { QueryParams } from '../api/query';
import { type FilterDef, listApiQuery } from './filterDefs';
import { PAGE_SIZES, type ListDefaults } from './listState';
import { useListParams } from './useListParams';

export function useListView(defaults: ListDefaults, defs: readonly FilterDef[]) {
  const list = useListParams(defaults);
  const { state } = list;
  const apiQuery: QueryParams = listApiQuery(state, defs);
  return {
    list,
    state,
    apiQuery,
    /** PagedTable's paging (0-based pages), over the URL's state. */
    pager: {
      page: state.page - 1,
      per: state.per,
      perOptions: defaults.perOptions,
      onPage: (p: number) => list.setPage(p + 1),
      onPer: (p: number) => list.setPer(p),
    },
  };
}

/** Moves a page past the end back to the last one once the total is known (core §4 list rules). */
export function useTotalSync(syncTotal: (total: number) => void, total: number | undefined, placeholder: boolean) {
  useEffect(() => {
    if (total !== undefined && !placeholder) syncTotal(total);
  }, [total, syncTotal, placeholder]);
}

export const LIST_DEFAULTS: ListDefaults = { per: 20, perOptions: PAGE_SIZES, sortDir: 'desc' };
