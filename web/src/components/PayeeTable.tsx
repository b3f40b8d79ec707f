import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Column, listed, PagedTable, usePaging } from './PagedTable';

/** A payee's paged list (a publisher's or a sales team member's orders and money movements): one page of rows at a
 * time from `fetch`, with loading, error, retry and empty states. */
export function PayeeTable<Row>({
  queryKey,
  fetch,
  columns,
  rowKey,
  empty,
  label,
}: {
  queryKey: readonly string[];
  fetch: (query: { page: number; per: number }, signal: AbortSignal) => Promise<{ list: Row[]; totalCount?: number | undefined }>;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  empty: string;
  label?: string;
}) {
  const paging = usePaging();
  const rows = useQuery({
    queryKey: [...queryKey, paging.query],
    queryFn: ({ signal }) => fetch(paging.query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <PagedTable<Row>
      {...listed(rows)}
      rowKey={rowKey}
      count={rows.data?.totalCount}
      {...paging.pager}
      empty={empty}
      {...(label ? { label } : {})}
      columns={columns}
    />
  );
}
