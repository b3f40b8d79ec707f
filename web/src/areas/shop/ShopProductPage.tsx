import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/errors';
import type { ShopProduct } from '../../api/types';
import { useMoney } from '../../components/Money';
import { ErrorState } from '../../components/ErrorState';
import { ticketWhen } from '../../lib/zoned';
import { CheckoutWizard } from './CheckoutWizard';
import { ShopLayout } from './ShopLayout';
import { useAppConfig } from './useAppConfig';
import { shopQueries } from './queries';

/** `/s/{username}/{slug}`: the product and its checkout wizard. */
export default function ShopProductPage() {
  const { t } = useTranslation();
  const { username = '', slug = '' } = useParams();
  const [search] = useSearchParams();
  const linkedPlanId = Number(search.get('plan_id')) || null;
  useAppConfig(); // start loading Stripe's configuration early
  const product = useQuery(shopQueries.product(username, slug));

  if (product.isPending) {
    return (
      <ShopLayout>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Skeleton variant="text" height={56} />
            <Skeleton variant="text" />
            <Skeleton variant="text" />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Skeleton variant="rounded" height={360} />
          </Grid>
        </Grid>
      </ShopLayout>
    );
  }
  if (product.isError) {
    const notFound = product.error instanceof ApiError && product.error.status === 404;
    return (
      <ShopLayout>
        {notFound ? <Alert severity="info">{t('shop.productNotFound')}</Alert> : <ErrorState error={product.error} onRetry={() => void product.refetch()} />}
      </ShopLayout>
    );
  }

  const p = product.data;
  return (
    <ShopLayout seller={p.sellerName ?? p.sellerUsername}>
      <ProductPageBody product={p}>
        <CheckoutWizard username={username} product={p} linkedPlanId={linkedPlanId} />
      </ProductPageBody>
    </ShopLayout>
  );
}

/** The product page's content beside its buying panel (`children`): the shop's page and the seller's preview. */
export function ProductPageBody({ product: p, children }: { product: ShopProduct; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const price = p.displayPrice ?? p.pricingPlans[0]?.price ?? null;
  const currency = p.currency ?? p.pricingPlans[0]?.currency ?? null;
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Stack spacing={2}>
          {p.cover ? (
            <Box
              component="img"
              src={p.cover.variants.find((v) => v.size === 's600')?.url ?? p.cover.variants.at(-1)?.url}
              srcSet={p.cover.variants.map((v) => `${v.url} ${v.width}w`).join(', ')}
              sizes="(min-width: 900px) 40vw, 100vw"
              width={p.cover.width}
              height={p.cover.height}
              alt={p.name}
              fetchPriority="high"
              sx={{ width: '100%', height: 'auto', borderRadius: 2, display: 'block' }}
              data-testid="product-cover"
            />
          ) : null}
          <Typography variant="h4" component="h1" data-testid="product-name">
            {p.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('shop.by', { seller: p.sellerName ?? p.sellerUsername })}
          </Typography>
          <Typography variant="h5" color="primary" data-testid="product-price">
            {money(price, currency)}
          </Typography>
          {p.description ? (
            <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="product-description">
              {p.description}
            </Typography>
          ) : null}
          {p.tickets?.length ? (
            <Stack spacing={1} data-testid="product-tickets">
              {p.tickets.map((x) => (
                <Paper key={x.id} variant="outlined" sx={{ p: 1.5, opacity: x.soldOut || x.over ? 0.6 : 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {x.name}
                    {x.soldOut ? ` · ${t('events.soldOut')}` : x.over ? ` · ${t('events.over')}` : ''}
                  </Typography>
                  <Typography variant="body2">{ticketWhen(x, i18n.language, t('events.anyDay'))}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {x.location || (x.online ? t('events.onlineChip') : '')}
                  </Typography>
                </Paper>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          {children}
        </Paper>
      </Grid>
    </Grid>
  );
}
