import type { UseQueryResult } from '@tanstack/react-query';
import type { Body } from '../api/sdk';
import { type FilterDef, csvHref } from '../lib/filterDefs';
import type { useListView } from '../lib/useListView';
import { FilterBar } from './FilterBar';
import { type Column, listed, PagedTable } from './PagedTable';

/** A cabinet list as the seeds lay it out (core §4): its filter bar (search, filters, saved views, CSV) over its
 * paged table, both kept in the URL by `useListView` and loaded by `list`. */
export function FilteredTable<Row>({
  view,
  defs,
  list,
  searchPlaceholder,
  saved,
  csv,
  empty,
  label,
  rowKey,
  columns,
}: {
  view: ReturnType<typeof useListView>;
  defs: readonly FilterDef[];
  list: UseQueryResult<{ list: Row[]; totalCount?: number }>;
  searchPlaceholder: string;
  /** the list's saved views (none for a list without them) */
  saved?: Body<'save_view'>['list'];
  /** the CSV's API path, without the list's query */
  csv: string;
  empty: string;
  label?: string;
  rowKey: (row: Row) => string | number;
  columns: Column<Row>[];
}) {
  return (
    <>
      <FilterBar
        defs={defs}
        filters={view.state.filters}
        onApply={view.list.applyFilters}
        query={view.state.query}
        onSearch={view.list.setQuery}
        searchPlaceholder={searchPlaceholder}
        list={saved}
        csv={csvHref(csv, view.apiQuery)}
      />
      <PagedTable<Row>
        {...listed(list, true)}
        rowKey={rowKey}
        empty={empty}
        count={list.data?.totalCount}
        label={label}
        {...view.pager}
        columns={columns}
      />
    </>
  );
}
