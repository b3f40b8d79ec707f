import { useEffect, useMemo, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { DataGrid, type GridColumnVisibilityModel, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { deDE } from '@mui/x-data-grid/locales';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { EmptyState } from '../../../components/EmptyState';
import { FilterBar } from '../../../components/FilterBar';
import { cabinetApi } from '../../../api/cabinet';
import { type FilterDef, csvHref, listApiQuery } from '../../../lib/filterDefs';
import { PAGE_SIZES, type ListDefaults } from '../../../lib/listState';
import { useListParams } from '../../../lib/useListParams';
import { PAYMENT_STATES, SORT_KEYS, fieldOfSortKey, orderColumns, visibleColumns } from './columns';
import { orderQueries } from './queries';

const DEFAULTS: ListDefaults = { per: 20, perOptions: PAGE_SIZES, sortKey: 'created_at', sortDir: 'desc' };
const FORMS = ['card', 'paypal', 'sepa', 'bank_wire', 'pay_later'] as const;
const ORDER_TYPES = ['standard', 'bundle', 'bump', 'upgrade'] as const;

/** The orders list's filters (editor §2 filter bar). */
function useOrderFilters(): FilterDef[] {
  const { t } = useTranslation();
  const products = useQuery({ queryKey: ['cabinet', 'productOptions'], queryFn: ({ signal }) => cabinetApi.products({ per: 500, sortKey: 'name', sortDir: 'asc' }, signal), staleTime: 60_000 });
  return useMemo(
    () => [
      { key: 'created', type: 'relative_date_range', label: t('filters.created') },
      { key: 'payment_state', type: 'multi_select', label: t('orders.paymentState'), options: PAYMENT_STATES.map((s) => ({ value: s, label: t(`status.${s}`) })) },
      { key: 'payment_form', type: 'multi_select', label: t('orders.paymentForm'), options: FORMS.map((f) => ({ value: f, label: t(`enums.paymentMethod.${f}`) })) },
      { key: 'order_type', type: 'multi_select', label: t('orders.orderType'), options: ORDER_TYPES.map((o) => ({ value: o, label: t(`enums.orderType.${o}`) })) },
      { key: 'product_id', type: 'multi_search', label: t('orders.product'), options: (products.data?.list ?? []).map((p) => ({ value: String(p.id), label: p.name })) },
      { key: 'total', type: 'number_range', label: t('orders.total'), scale: 100 },
    ],
    [t, products.data],
  );
}

function NoRows() {
  const { t } = useTranslation();
  return <EmptyState title={t('orders.empty')} />;
}

/** `/cabinet/orders`: server-side paged, sorted and filtered DataGrid; the list state lives in the URL. */
export default function OrdersPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams(DEFAULTS);
  const { state } = list;
  const defs = useOrderFilters();
  const apiQuery = listApiQuery(state, defs);

  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const screen = wide ? 'wide' : phone ? 'phone' : 'laptop';
  const [columnVisibility, setColumnVisibility] = useState<GridColumnVisibilityModel>(() => visibleColumns(screen));
  // a window resized across a breakpoint shows that width's columns again
  useEffect(() => setColumnVisibility(visibleColumns(screen)), [screen]);
  const query = useQuery({ ...orderQueries.list(apiQuery), placeholderData: keepPreviousData });

  const total = query.data?.totalCount;
  const { syncTotal } = list;
  useEffect(() => {
    if (total !== undefined && !query.isPlaceholderData) syncTotal(total);
  }, [total, syncTotal, query.isPlaceholderData]);

  const columns = useMemo(() => orderColumns(t, i18n.language), [t, i18n.language]);
  const sortField = fieldOfSortKey(state.sortKey);
  const sortModel: GridSortModel = sortField ? [{ field: sortField, sort: state.sortDir }] : [];
  const paginationModel: GridPaginationModel = { page: state.page - 1, pageSize: state.per };

  const onPagination = (model: GridPaginationModel) => {
    if (model.pageSize !== state.per) list.setPer(model.pageSize);
    else if (model.page !== state.page - 1) list.setPage(model.page + 1);
  };
  const onSort = (model: GridSortModel) => {
    const field = model[0]?.field ?? sortField;
    const key = field ? SORT_KEYS[field] : undefined;
    if (key) list.toggleSort(key);
  };

  const capped = query.data && query.data.totalCount >= query.data.totalCountMax;

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('orders.title')}
      </Typography>
      <Paper>
        <Box sx={{ px: 2, pt: 2 }}>
          <FilterBar
            defs={defs}
            filters={state.filters}
            onApply={list.applyFilters}
            query={state.query}
            onSearch={list.setQuery}
            searchPlaceholder={t('orders.searchPlaceholder')}
            list="orders"
            csv={csvHref('/v1/cabinet/orders/csv', apiQuery)}
          />
        </Box>
        {query.isError ? (
          <Box sx={{ px: 2, pb: 2 }}>
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          </Box>
        ) : null}
        <Box sx={{ height: 'calc(100vh - 300px)', minHeight: 420 }} data-testid="orders-grid">
          <DataGrid
            rows={query.data?.list ?? []}
            getRowId={(row) => row.token}
            columns={columns}
            rowCount={query.data?.totalCount ?? 0}
            loading={query.isFetching}
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            paginationModel={paginationModel}
            onPaginationModelChange={onPagination}
            pageSizeOptions={[...PAGE_SIZES]}
            sortModel={sortModel}
            onSortModelChange={onSort}
            sortingOrder={['asc', 'desc']}
            columnVisibilityModel={columnVisibility}
            onColumnVisibilityModelChange={setColumnVisibility}
            disableColumnFilter
            disableRowSelectionOnClick
            onRowClick={({ row }) => navigate(`/cabinet/orders/${encodeURIComponent(row.token)}`)}
            slots={{ noRowsOverlay: NoRows }}
            slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
            localeText={i18n.language === 'de' ? deDE.components.MuiDataGrid.defaultProps.localeText : undefined}
            sx={{ border: 0, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
          />
        </Box>
        {capped ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 2, pb: 1 }}>
            {t('orders.moreThan', { count: query.data?.totalCountMax })}
          </Typography>
        ) : null}
      </Paper>
    </>
  );
}
