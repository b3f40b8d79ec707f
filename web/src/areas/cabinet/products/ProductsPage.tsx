import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import Inventory2Icon from '@mui/icons-material/Inventory2Outlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../api/types';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { useMoney } from '../../../components/Money';
import { StatusChip } from '../../../components/StatusChip';
import { lastPage, type ListDefaults } from '../../../lib/listState';
import { useListParams } from '../../../lib/useListParams';
import { FilterBar } from '../../../components/FilterBar';
import { type FilterDef, csvHref, listApiQuery } from '../../../lib/filterDefs';
import { shopPath, useSellerUsername } from '../useSellerUsername';
import { formatDateTime } from '../../../components/dates';
import { NewProductDialog } from './NewProductDialog';
import { ProductLinksDialog } from './ProductLinksDialog';
import { ProductRowActions } from './ProductRowActions';
import { ProductWarnings } from './ProductWarnings';
import { productState } from './productState';
import { useProductAction } from './useProductAction';
import { productQueries } from './queries';

/** Products page size is 30 (core §3). */
const DEFAULTS: ListDefaults = { per: 30, perOptions: [10, 20, 30, 50, 100, 200, 500], sortKey: null, sortDir: 'desc' };
const STATE_TABS = ['', 'published', 'unpublished', 'archived'] as const;

export default function ProductsPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const list = useListParams(DEFAULTS);
  const { state } = list;
  const [creating, setCreating] = useState(false);
  const username = useSellerUsername();
  const action = useProductAction();
  const stateFilter = state.filters.state?.[0] ?? '';
  const groupFilter = state.filters.product_group?.[0] ?? '';
  const [linksOf, setLinksOf] = useState<Product | null>(null);
  const groups = useQuery(productQueries.groups());

  const defs = useMemo<FilterDef[]>(() => [{ key: 'created', type: 'relative_date_range', label: t('filters.created'), fallback: 'all' }], [t]);
  const apiQuery = listApiQuery(state, defs);
  apiQuery.filters = {
    ...(apiQuery.filters as Record<string, string[]> | undefined),
    ...(stateFilter ? { state: stateFilter } : {}),
    ...(groupFilter ? { product_group: groupFilter } : {}),
  };
  const filtersFor = (next: { state?: string; group?: string }) => {
    const st = next.state ?? stateFilter;
    const gr = next.group ?? groupFilter;
    return { ...state.filters, state: st ? [st] : [], product_group: gr ? [gr] : [] };
  };
  const query = useQuery({ ...productQueries.list(apiQuery), placeholderData: keepPreviousData });

  const total = query.data?.totalCount;
  const { syncTotal } = list;
  useEffect(() => {
    if (total !== undefined) syncTotal(total);
  }, [total, syncTotal]);

  const rows = query.data?.list ?? [];

  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h4" component="h1">
          {t('products.title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} data-testid="new-product">
            {t('products.newProduct')}
          </Button>
        </Stack>
      </Stack>
      <FilterBar
        defs={defs}
        filters={state.filters}
        onApply={list.applyFilters}
        query={state.query}
        onSearch={list.setQuery}
        searchPlaceholder={t('products.searchPlaceholder')}
        list="products"
        csv={csvHref('/v1/cabinet/products/csv', apiQuery)}
      />
      <Paper>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ px: 2, borderBottom: 1, borderColor: 'divider', justifyContent: 'space-between', alignItems: { md: 'center' } }}>
          <Tabs value={stateFilter} onChange={(_, value: string) => list.applyFilters(filtersFor({ state: value }))} variant="scrollable" allowScrollButtonsMobile>
            {STATE_TABS.map((s) => (
              <Tab key={s || 'all'} value={s} label={t(s ? `products.filter${s[0]!.toUpperCase()}${s.slice(1)}` : 'products.filterAll')} />
            ))}
          </Tabs>
          {groups.data?.groups.length || groupFilter ? (
            <TextField
              select
              size="small"
              label={t('products.group')}
              value={groupFilter}
              onChange={(e) => list.applyFilters(filtersFor({ group: e.target.value }))}
              sx={{ minWidth: 180, my: 1 }}
              slotProps={{ htmlInput: { 'data-testid': 'group-filter' } }}
            >
              <MenuItem value="">{t('products.allGroups')}</MenuItem>
              {(groups.data?.groups ?? []).map((g) => (
                <MenuItem key={g} value={g}>
                  {g}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </Stack>
        {query.isError ? (
          <Box sx={{ p: 2 }}>
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          </Box>
        ) : (
          <TableContainer tabIndex={0} role="region" aria-label={t('common.table')}>
            <Table size="medium" aria-label={t('products.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('products.name')}</TableCell>
                  <TableCell align="right">{t('products.price')}</TableCell>
                  <TableCell>{t('products.state')}</TableCell>
                  <TableCell align="right">{t('products.sold')}</TableCell>
                  <TableCell align="right">{t('products.reserved')}</TableCell>
                  <TableCell align="right">{t('products.access')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', xl: 'table-cell' } }}>{t('products.updated')}</TableCell>
                  <TableCell>{t('products.warnings')}</TableCell>
                  <TableCell align="right">{t('common.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {query.isPending
                  ? Array.from({ length: 5 }, (_, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity and never reorder
                      <TableRow key={i}>
                        {Array.from({ length: 9 }, (__, j) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells, as above
                          <TableCell key={j}>
                            <Skeleton />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))
                  : rows.map((p: Product) => (
                      <TableRow key={p.id} hover data-testid={`product-row-${p.id}`} sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
                        <TableCell>
                          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                          {p.cover?.variants[0] ? <Box component="img" src={p.cover.variants[0].url} alt="" loading="lazy" sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }} /> : null}
                          <Box sx={{ minWidth: 0 }}>
                          <Link component={RouterLink} to={`/cabinet/products/${p.id}/edit`} sx={{ fontWeight: 600 }}>
                            {p.name}
                          </Link>
                          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                            {t(`products.forms.${p.form}`)}
                            {p.internalName ? ` · ${p.internalName}` : ''}
                            {p.costCenter ? ` · ${t('editor.costCenter')}: ${p.costCenter}` : ''}
                          </Typography>
                          {p.productGroups?.length ? (
                            <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }} data-testid="product-groups">
                              {p.productGroups.map((g) => (
                                <Chip key={g} size="small" variant="outlined" label={g} onClick={() => list.applyFilters(filtersFor({ group: g }))} />
                              ))}
                            </Stack>
                          ) : null}
                          </Box>
                          </Stack>
                        </TableCell>
                        <TableCell align="right">{p.isFree ? t('products.free') : money(p.price, p.currency)}</TableCell>
                        <TableCell>
                          <StatusChip state={productState(p)} />
                        </TableCell>
                        <TableCell align="right">
                          {p.soldCount}
                          {p.limit ? (
                            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                              {t('products.ofLimit', { limit: p.limit })}
                            </Typography>
                          ) : null}
                        </TableCell>
                        <TableCell align="right">{p.reservedCount ?? 0}</TableCell>
                        <TableCell align="right" data-testid="access-count">
                          {p.accessCount ?? 0}
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', xl: 'table-cell' } }}>{formatDateTime(p.updatedAt)}</TableCell>
                        <TableCell>
                          <ProductWarnings reasons={p.warnings ?? []} isFree={p.isFree} />
                        </TableCell>
                        <TableCell align="right">
                          <ProductRowActions
                            product={p}
                            shopUrl={shopPath(username, p.slug)}
                            busy={action.isPending && action.variables?.id === p.id}
                            onAction={(a) => action.mutate({ id: p.id, action: a })}
                            onLinks={() => setLinksOf(p)}
                          />
                        </TableCell>
                      </TableRow>
                    ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {query.isSuccess && rows.length === 0 ? (
          <EmptyState icon={<Inventory2Icon />} title={t('products.empty')}>
            <Button variant="outlined" onClick={() => setCreating(true)}>
              {t('products.newProduct')}
            </Button>
          </EmptyState>
        ) : null}
        <TablePagination
          component="div"
          count={total ?? 0}
          page={total === undefined ? 0 : Math.min(state.page, lastPage(total, state.per)) - 1}
          onPageChange={(_, page) => list.setPage(page + 1)}
          rowsPerPage={state.per}
          rowsPerPageOptions={[...DEFAULTS.perOptions]}
          onRowsPerPageChange={(e) => list.setPer(Number(e.target.value))}
          labelRowsPerPage={t('common.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('common.displayedRows', { from, to, count })}
        />
      </Paper>
      <NewProductDialog open={creating} onClose={() => setCreating(false)} />
      <ProductLinksDialog product={linksOf} onClose={() => setLinksOf(null)} />
    </>
  );
}
