import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../../api/query';
import { ErrorState } from '../../components/ErrorState';
import { type Column, FilterSelect, PagedTable, usePaging } from '../../components/PagedTable';

export interface ListFilter {
  name: string; // the list's filter it sets (`filters[name][]`)
  label: string;
  all: string; // the choice of every value
  options: { value: string; label: string }[];
  minWidth?: number;
}

/** A manager's list: its title, a search, one filter of choices, and the paged table of what matches. */
export function SearchedList<R>({ title, queryKey, fetch, filter, rowKey, empty, columns }: {
  title: string;
  queryKey: readonly string[];
  fetch: (params: QueryParams, signal: AbortSignal) => Promise<{ list: R[]; totalCount?: number | null }>;
  filter: ListFilter;
  rowKey: (row: R) => string | number;
  empty: string;
  columns: Column<R>[];
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState('');
  const paging = usePaging();
  const params = { ...paging.query, query: query || undefined, filters: chosen ? { [filter.name]: [chosen] } : {} };
  const list = useQuery({
    queryKey: [...queryKey, params],
    queryFn: ({ signal }) => fetch(params, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <TextField size="small" label={t('common.search')} value={query} onChange={(e) => { setQuery(e.target.value); paging.restart(); }} />
        <FilterSelect
          label={filter.label}
          value={chosen}
          onChange={(v) => { setChosen(v); paging.restart(); }}
          all={filter.all}
          options={filter.options}
          {...(filter.minWidth ? { minWidth: filter.minWidth } : {})}
        />
      </Box>
      {list.isError ? <ErrorState onRetry={() => void list.refetch()} /> : null}
      <PagedTable<R>
        rows={list.data?.list ?? []}
        rowKey={rowKey}
        loading={list.isFetching}
        empty={empty}
        count={list.data?.totalCount ?? undefined}
        {...paging.pager}
        columns={columns}
      />
    </>
  );
}
