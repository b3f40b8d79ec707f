import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { useMoney } from '../../../components/Money';
import { everyPeriod } from '../../../lib/periods';
import { ProductPageBody } from '../../shop/ShopProductPage';
import { ProductWarnings } from './ProductWarnings';
import { productQueries } from './queries';

/** `/cabinet/products/{id}/preview` (editor §2 'preview'): the product page as buyers will see it, published or
 * not, with its plans listed and buying switched off; what still keeps it from selling is said above it. */
export default function ProductPreviewPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const { id = '' } = useParams();
  const preview = useQuery(productQueries.preview(id));

  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button component={RouterLink} to={`/cabinet/products/${id}/edit`} startIcon={<ArrowBackIcon />}>
          {t('editor.backToEditor')}
        </Button>
        <Typography variant="h5" component="h1">
          {t('products.actions.preview')}
        </Typography>
      </Stack>
      {preview.isPending ? <Skeleton variant="rounded" height={360} /> : null}
      {preview.isError ? <ErrorState error={preview.error} onRetry={() => void preview.refetch()} /> : null}
      {preview.data ? (
        <>
          <Alert severity="info" sx={{ mb: 2 }} data-testid="preview-banner">
            {t('products.previewNote')}
            {preview.data.notSellableReasons?.length ? <ProductWarnings reasons={preview.data.notSellableReasons.filter((r) => r !== 'not_active')} /> : null}
          </Alert>
          <ProductPageBody product={preview.data}>
            <Stack spacing={1.5} data-testid="preview-plans">
              <Typography variant="h6">{t('shop.choosePlan')}</Typography>
              {preview.data.pricingPlans.length === 0 ? <Typography color="text.secondary">{t('warnings.no_pricing_plans')}</Typography> : null}
              {preview.data.pricingPlans.map((p) => (
                <Typography key={p.id}>
                  {`${p.name} — ${money(p.price, p.currency)}${p.period && p.paymentType !== 'one_time' ? ` · ${everyPeriod(p.period, t)}` : ''}`}
                </Typography>
              ))}
              <div>
                <Button variant="contained" disabled>
                  {t('products.previewBuy')}
                </Button>
              </div>
            </Stack>
          </ProductPageBody>
        </>
      ) : null}
    </>
  );
}
