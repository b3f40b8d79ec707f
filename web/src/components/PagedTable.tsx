import { type ReactNode, useState } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';

export interface Column<R> {
  key: string;
  label: string;
  render: (row: R) => ReactNode;
  align?: 'right';
  wide?: boolean; // hidden on small screens
}

/** A list query's state as a PagedTable's props: its rows, its progress (`refreshing`: also while a new filter or
 * page loads, not only the first time), its error and the retry. */
export function listed<R>(
  q: { data?: { list: R[] } | undefined; isPending: boolean; isFetching: boolean; error: unknown; refetch: () => unknown },
  refreshing = false,
) {
  return { rows: q.data?.list ?? [], loading: refreshing ? q.isFetching : q.isPending, error: q.error, onRetry: () => void q.refetch() };
}

/** A paged table with loading, empty and error states (columns may hide on small screens). */
export function PagedTable<R>({ rows, columns, rowKey, loading, empty, error, onRetry, page, per, perOptions = [10, 20, 50, 100], count, onPage, onPer, label }: {
  rows: R[];
  columns: Column<R>[];
  rowKey: (row: R) => string | number;
  loading: boolean;
  empty: string;
  /** The error of the last load: shown above the table, instead of the empty state. */
  error?: unknown;
  onRetry?: () => void;
  page?: number;
  per?: number;
  /** The page sizes offered (core §9: 10, 20, 50, 100, 200, 500; the products list 30 besides). */
  perOptions?: readonly number[];
  count?: number;
  onPage?: (page: number) => void;
  onPer?: (per: number) => void;
  /** The table's name for assistive technology (its scroll region); the page's title by default. */
  label?: string;
}) {
  const { t } = useTranslation();
  const hide = (c: Column<R>) => (c.wide ? { display: { xs: 'none', md: 'table-cell' } } : {});
  return (
    <Paper>
      {loading ? <LinearProgress aria-label={t('common.loading')} /> : null}
      {error ? <ErrorState error={error} onRetry={onRetry} /> : null}
      {/* a table wider than a phone scrolls sideways: its region takes the keyboard's focus to scroll */}
      <TableContainer tabIndex={0} role="region" aria-label={label ?? t('common.table')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} sx={hide(c)}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={rowKey(r)}>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align} sx={hide(c)}>
                    {c.render(r)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {!loading && !error && rows.length === 0 ? <EmptyState title={empty} /> : null}
      {onPage && page !== undefined && per !== undefined ? (
        <TablePagination
          component="div"
          count={count ?? 0}
          page={page}
          rowsPerPage={per}
          rowsPerPageOptions={[...perOptions]}
          onPageChange={(_, p) => onPage(p)}
          onRowsPerPageChange={(e) => onPer?.(Number(e.target.value))}
          labelRowsPerPage={t('common.rowsPerPage')}
          labelDisplayedRows={({ from, to, count: c }) => t('common.displayedRows', { from, to, count: c })}
        />
      ) : null}
    </Paper>
  );
}

/** Page and page size of a paged table; a new filter or page size starts again at page 1 (core §4 list rules). */
export function usePaging(initialPer = 20) {
  const [page, setPage] = useState(0);
  const [per, setPer] = useState(initialPer);
  return {
    page,
    per,
    query: { page: page + 1, per },
    restart: () => setPage(0),
    pager: { page, per, onPage: setPage, onPer: (p: number) => { setPer(p); setPage(0); } },
  };
}

/** A select filter with an "all" choice; choosing restarts the paging. */
export function FilterSelect({ label, value, onChange, all, options, minWidth = 220 }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  all: string;
  options: { value: string; label: string }[];
  minWidth?: number;
}) {
  return (
    <TextField
      select
      size="small"
      sx={{ minWidth }}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      // the "all" choice reads as itself, not as an empty field
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{all}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
