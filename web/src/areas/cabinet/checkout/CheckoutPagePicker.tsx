import MenuItem from '@mui/material/MenuItem';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../api/cabinet';
import * as sdk from '../../../api/sdk.gen';
import type { Product } from '../../../api/types';
import { toast } from '../../../app/notify';
import { productKeys } from '../products/queries';

/** Which checkout page (core §3 Checkout settings) the product sells on: the seller's default or one of theirs. */
export function CheckoutPagePicker({ product }: { product: Product }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['cabinet', 'checkoutSettings'], queryFn: ({ signal }) => sdk.listCheckoutSettings({ signal }) });
  const choose = async (id: number) => {
    const updated = await cabinetApi.updateProduct(product.id, { checkoutSettingsId: id });
    queryClient.setQueryData(productKeys.detail(product.id), updated);
    void queryClient.invalidateQueries({ queryKey: ['cabinet', 'checkoutSettings'] });
    toast(t('common.saved'), 'success');
  };
  return (
    <TextField
      select
      label={t('checkoutPages.picker')}
      value={product.checkoutSettingsId ?? 0}
      onChange={(e) => void choose(Number(e.target.value))}
      disabled={settings.isPending}
      helperText={
        <Link component={RouterLink} to="/cabinet/checkout_settings">
          {t('checkoutPages.manage')}
        </Link>
      }
      sx={{ maxWidth: 420 }}
      slotProps={{ htmlInput: { 'data-testid': 'checkout-page-picker' } }}
    >
      <MenuItem value={0}>{t('checkoutPages.useDefault')}</MenuItem>
      {(settings.data?.list ?? []).map((s) => (
        <MenuItem key={s.id} value={s.id}>
          {s.name}
          {s.isDefault ? ` (${t('checkoutPages.default')})` : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}
