import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../api/types';
import { CopyButton } from '../../../components/CopyButton';
import { useMoney } from '../../../components/Money';

function LinkRow({ label, url }: { label: string; url: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Stack sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="subtitle2">{label}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="product-link">
          {url}
        </Typography>
      </Stack>
      <CopyButton text={url} label={label} />
    </Stack>
  );
}

/** Editor §2 'product links': the product page and a link per pricing plan that opens its payment step, to copy
 * into a mail, a post or another site. A product that is not published says so: its links answer 'not found'. */
export function ProductLinksDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const page = product?.shopUrl ?? null;
  return (
    <Dialog open={product !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('products.links.title', { name: product?.name ?? '' })}</DialogTitle>
      <DialogContent>
        {product && page ? (
          <Stack spacing={2} data-testid="product-links">
            {product.isPublished ? null : (
              <Typography variant="body2" color="warning.dark">
                {t('products.links.notPublished')}
              </Typography>
            )}
            <LinkRow label={t(`products.links.page.${product.form}`, { defaultValue: t('products.actions.productPage') })} url={page} />
            {product.pricingPlans.map((plan) => (
              <LinkRow key={plan.id} label={t('products.links.plan', { name: plan.name, price: money(plan.price, plan.currency) })} url={`${page}?plan_id=${plan.id}`} />
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">{t('products.links.noUsername')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
