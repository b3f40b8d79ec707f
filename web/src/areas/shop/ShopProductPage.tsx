import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../api/errors';
import type { ShopProduct } from '../../api/types';
import { useMoney } from '../../components/Money';
import { ErrorState } from '../../components/ErrorState';
import { ticketWhen } from '../../lib/zoned';
import { Countdown, SocialProofBar } from './CheckoutExtras';
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
    <ShopLayout seller={p.sellerName ?? p.sellerUsername} pageColor={p.checkout?.theme?.pageColor}>
      <ProductPageBody product={p}>
        <CheckoutWizard username={username} product={p} linkedPlanId={linkedPlanId} />
      </ProductPageBody>
    </ShopLayout>
  );
}

/** The product page's content beside its buying panel (`children`): the shop's page and the seller's preview. Its
 * checkout settings (core §3) choose the layout: the product beside the form (default), one narrow column
 * (simplified), or the product over a wide two-step form (two_steps, two_steps_advanced with its summary). */
export function ProductPageBody({ product: p, children }: { product: ShopProduct; children: ReactNode }) {
  const layout = p.checkout?.layout ?? 'default';
  const panel = (
    <Paper sx={{ p: { xs: 2, sm: 3 }, bgcolor: p.checkout?.theme?.backgroundColor }}>
      {p.checkout ? <Countdown page={p.checkout} productId={p.id} /> : null}
      {children}
    </Paper>
  );
  if (layout === 'default') {
    return (
      <Grid container spacing={3} data-testid="layout-default">
        <Grid size={{ xs: 12, md: 5 }}>
          <ProductFacts product={p} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>{panel}</Grid>
      </Grid>
    );
  }
  return (
    <Stack spacing={3} sx={{ maxWidth: layout === 'simplified' ? 640 : 'none', mx: 'auto' }} data-testid={`layout-${layout}`}>
      <ProductFacts product={p} compact />
      {panel}
    </Stack>
  );
}

/** The product's cover, name, seller, price, social proof, description and tickets; `compact` (the one-column
 * layouts): a small cover beside the name, the description folded on a phone when the settings say so. */
function ProductFacts({ product: p, compact = false }: { product: ShopProduct; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const phone = useMediaQuery('(max-width:599.95px)');
  const theme = p.checkout?.theme;
  const foldable = Boolean(p.description) && phone && (theme?.expandableDescriptionOnMobileEnabled ?? true);
  const [open, setOpen] = useState((theme?.expandableDescriptionDefaultBehavior ?? 'expanded') === 'expanded');
  const price = p.displayPrice ?? p.pricingPlans[0]?.price ?? null;
  const currency = p.currency ?? p.pricingPlans[0]?.currency ?? null;
  const cover = p.cover ? (
    <Box
      component="img"
      src={p.cover.variants.find((v) => v.size === (compact ? 's300' : 's600'))?.url ?? p.cover.variants.at(-1)?.url}
      srcSet={p.cover.variants.map((v) => `${v.url} ${v.width}w`).join(', ')}
      sizes={compact ? '120px' : '(min-width: 900px) 40vw, 100vw'}
      width={p.cover.width}
      height={p.cover.height}
      alt={p.name}
      fetchPriority="high"
      sx={compact ? { width: 120, height: 'auto', borderRadius: 2, display: 'block', flexShrink: 0 } : { width: '100%', height: 'auto', borderRadius: 2, display: 'block' }}
      data-testid="product-cover"
    />
  ) : null;
  const heading = (
    <Stack spacing={1}>
      <Typography variant={compact ? 'h5' : 'h4'} component="h1" data-testid="product-name">
        {p.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('shop.by', { seller: p.sellerName ?? p.sellerUsername })}
      </Typography>
      <Typography variant="h5" color="primary" data-testid="product-price">
        {money(price, currency)}
      </Typography>
    </Stack>
  );
  return (
    <Stack spacing={2}>
      {compact ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {cover}
          {heading}
        </Stack>
      ) : (
        <>
          {cover}
          {heading}
        </>
      )}
      <SocialProofBar proof={p.socialProof} />
      {p.description ? (
        foldable ? (
          <Box>
            <Collapse in={open} collapsedSize={48}>
              <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="product-description">
                {p.description}
              </Typography>
            </Collapse>
            <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="description-toggle">
              {open ? t('shop.description.less') : t('shop.description.more')}
            </Button>
          </Box>
        ) : (
          <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="product-description">
            {p.description}
          </Typography>
        )
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
  );
}
