import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { ErrorState } from '../../components/ErrorState';
import { useMoney } from '../../components/Money';
import { ShopLayout } from './ShopLayout';
import { shopQueries } from './queries';

/** `/s/{username}` (and `/` on the seller's verified domain): the seller's storefront, their products. */
export default function ShopHomePage() {
  const { t } = useTranslation();
  const money = useMoney();
  const { username = '' } = useParams();
  const q = useQuery(shopQueries.storefront(username));

  if (q.isPending) {
    return (
      <ShopLayout>
        <Skeleton variant="text" height={56} width="40%" />
        <Grid container spacing={2} sx={{ mt: 1 }}>
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
              <Skeleton variant="rounded" height={140} />
            </Grid>
          ))}
        </Grid>
      </ShopLayout>
    );
  }
  if (q.isError) {
    const notFound = q.error instanceof ApiError && q.error.status === 404;
    return (
      <ShopLayout>
        {notFound ? <Alert severity="info">{t('shop.shopNotFound')}</Alert> : <ErrorState error={q.error} onRetry={() => void q.refetch()} />}
      </ShopLayout>
    );
  }
  const shop = q.data;
  return (
    <ShopLayout seller={shop.sellerName}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }} data-testid="storefront-title">
        {shop.sellerName}
      </Typography>
      {shop.products.length === 0 ? (
        <Alert severity="info">{t('shop.storefrontEmpty')}</Alert>
      ) : (
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('shop.storefrontProducts')}>
          {shop.products.map((p) => (
            <Grid key={p.slug} size={{ xs: 12, sm: 6, md: 4 }} component="li">
              <Paper variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column', p: 2 }} data-testid="storefront-product">
                <div style={{ flex: 1 }}>
                  <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
                    {p.name}
                  </Typography>
                  <Typography color="primary" sx={{ mt: 1 }}>
                    {p.displayPrice === null || p.displayPrice === undefined ? '' : money(p.displayPrice, p.currency)}
                  </Typography>
                  {p.sellable ? null : (
                    <Typography variant="body2" color="text.secondary">
                      {t('shop.notSellable')}
                    </Typography>
                  )}
                </div>
                <Button component={RouterLink} to={`/s/${encodeURIComponent(shop.username)}/${encodeURIComponent(p.slug)}`} size="small" sx={{ alignSelf: 'flex-start', mt: 1, ml: -1 }}>
                  {t('shop.viewProduct')}
                </Button>
              </Paper>
            </Grid>
          ))}
        </Grid>
      )}
    </ShopLayout>
  );
}
