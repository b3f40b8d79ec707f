import { useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../api/sdk';
import * as sdk from '../../api/sdk.gen';
import { ErrorState } from '../../components/ErrorState';
import { Money } from '../../components/Money';
import { listed, PagedTable } from '../../components/PagedTable';
import { percent } from './usePublisher';

type Product = Answer<'marketplace_products'>['list'][number];
type Shop = Answer<'marketplace_sellers'>['list'][number];
type Person = Answer<'marketplace_publishers'>['list'][number];

function Search({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <TextField
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={label}
      slotProps={{ htmlInput: { 'aria-label': label, maxLength: 100 }, input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
      sx={{ maxWidth: 420 }}
    />
  );
}

/** The products the marketplace's programs pay on, the best rate first. */
export function MarketProducts() {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const rows = useQuery({
    queryKey: ['publish', 'market-products', query.trim()],
    queryFn: ({ signal }) => sdk.marketplaceProducts(query.trim() ? { query: query.trim() } : {}, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack spacing={2}>
      <Search value={query} onChange={setQuery} label={t('publish.searchProducts')} />
      <PagedTable<Product>
        label={t('publish.marketTabs.products')}
        {...listed(rows)}
        rowKey={(r) => r.productId}
        empty={t('publish.marketProductsEmpty')}
        columns={[
          {
            key: 'name',
            label: t('orders.product'),
            render: (r) => (
              <Link href={`/s/${encodeURIComponent(r.shop)}/${encodeURIComponent(r.slug)}`} target="_blank" rel="noopener" underline="hover">
                {r.name}
              </Link>
            ),
          },
          { key: 'shop', label: t('team.shop'), wide: true, render: (r) => r.shop },
          {
            key: 'program',
            label: t('publish.statName.programs'),
            wide: true,
            render: (r) => (
              <Link component={RouterLink} to={`/publish/affiliate_marketplace/${r.affiliateProgramId}`} underline="hover">
                {r.program}
              </Link>
            ),
          },
          { key: 'price', label: t('publish.price'), align: 'right', render: (r) => (r.price != null && r.currency ? <Money amount={r.price} currency={r.currency} /> : '—') },
          { key: 'rate', label: t('publish.rate'), align: 'right', render: (r) => percent(r.rateBp, i18n.language) },
        ]}
      />
    </Stack>
  );
}

/** The shops that list programs in the marketplace. */
export function MarketSellers() {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const rows = useQuery({
    queryKey: ['publish', 'market-sellers', query.trim()],
    queryFn: ({ signal }) => sdk.marketplaceSellers(query.trim() ? { query: query.trim() } : {}, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack spacing={2}>
      <Search value={query} onChange={setQuery} label={t('publish.searchShops')} />
      <PagedTable<Shop>
        label={t('publish.marketTabs.sellers')}
        rows={rows.data?.list ?? []}
        rowKey={(r) => r.sellerId}
        loading={rows.isPending}
        error={rows.error}
        onRetry={() => void rows.refetch()}
        empty={t('publish.marketSellersEmpty')}
        columns={[
          {
            key: 'shop',
            label: t('team.shop'),
            render: (r) => (
              <Link href={`/s/${encodeURIComponent(r.shop)}`} target="_blank" rel="noopener" underline="hover">
                {r.name || r.shop}
              </Link>
            ),
          },
          { key: 'programs', label: t('publish.marketTabs.programs'), align: 'right', render: (r) => r.programs },
          { key: 'rate', label: t('publish.bestRate'), align: 'right', render: (r) => percent(r.bestRateBp, i18n.language) },
          { key: 'publishers', label: t('affiliates.publishers'), align: 'right', wide: true, render: (r) => r.publishers },
        ]}
      />
    </Stack>
  );
}

/** The publishers active in the marketplace's programs, by the name they go by. */
export function MarketPublishers() {
  const { t } = useTranslation();
  const rows = useQuery({ queryKey: ['publish', 'market-publishers'], queryFn: ({ signal }) => sdk.marketplacePublishers({ signal }) });
  return (
    <PagedTable<Person>
      label={t('publish.marketTabs.publishers')}
      rows={rows.data?.list ?? []}
      rowKey={(r) => r.publisherId}
      loading={rows.isPending}
      error={rows.error}
      onRetry={() => void rows.refetch()}
      empty={t('publish.marketPublishersEmpty')}
      columns={[
        { key: 'name', label: t('publish.statName.affiliates'), render: (r) => r.name || '—' },
        { key: 'programs', label: t('publish.activeIn'), align: 'right', render: (r) => r.programs },
      ]}
    />
  );
}

/** The marketplace at a glance: how many programs, products and shops, and the best paying programs. */
export function MarketOverview({ onMore }: { onMore: () => void }) {
  const { t, i18n } = useTranslation();
  const programs = useQuery({ queryKey: ['publish', 'marketplace', ''], queryFn: ({ signal }) => sdk.publisherMarketplace({}, { signal }) });
  const products = useQuery({ queryKey: ['publish', 'market-products', ''], queryFn: ({ signal }) => sdk.marketplaceProducts({}, { signal }) });
  const shops = useQuery({ queryKey: ['publish', 'market-sellers', ''], queryFn: ({ signal }) => sdk.marketplaceSellers({}, { signal }) });
  if (programs.isPending || products.isPending || shops.isPending) return <Skeleton variant="rounded" height={240} />;
  if (programs.isError) return <ErrorState error={programs.error} onRetry={() => void programs.refetch()} />;
  const best = [...programs.data.list].sort((a, b) => b.terms.commissionBp - a.terms.commissionBp).slice(0, 5);
  const figures: [string, number][] = [
    ['programs', programs.data.totalCount],
    ['products', products.data?.totalCount ?? 0],
    ['sellers', shops.data?.totalCount ?? 0],
  ];
  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        {figures.map(([key, n]) => (
          <Grid key={key} size={{ xs: 4 }}>
            <Paper sx={{ p: 2 }}>
              <Typography variant="body2" color="text.secondary">
                {t(`publish.marketTabs.${key}`)}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid={`market-count-${key}`}>
                {n}
              </Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
      <Paper sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {t('publish.bestPaying')}
        </Typography>
        {best.length === 0 ? (
          <Typography color="text.secondary">{t('publish.marketplaceEmpty')}</Typography>
        ) : (
          <Stack spacing={1}>
            {best.map((p) => (
              <Stack key={p.affiliateProgramId} direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                <Link component={RouterLink} to={`/publish/affiliate_marketplace/${p.affiliateProgramId}`} underline="hover">
                  {`${p.name} · ${p.shop}`}
                </Link>
                <Typography sx={{ fontWeight: 700 }} color="primary">
                  {percent(p.terms.commissionBp, i18n.language)}
                </Typography>
              </Stack>
            ))}
          </Stack>
        )}
        <Button sx={{ mt: 1 }} onClick={onMore}>
          {t('publish.allPrograms')}
        </Button>
      </Paper>
    </Stack>
  );
}
