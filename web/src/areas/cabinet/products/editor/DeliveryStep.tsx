import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../../api/cabinet';
import type { Product } from '../../../../api/types';
import { ProductPatchSchema } from '../../../../api/zod.gen';
import { toast } from '../../../../app/notify';
import { useSchemaForm } from '../../../../lib/zodForm';
import { productKeys } from '../queries';

/** What a digital product (a link and/or a text) or a service (its booking note) gives the buyer once paid: shown
 * on the thank-you page and in the confirmation mail while the order stays paid. */
export function DeliveryStep({ product }: { product: Product }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const service = product.form === 'service';
  const form = useSchemaForm(ProductPatchSchema, {
    deliveryLink: product.deliveryLink ?? '',
    deliveryText: product.deliveryText ?? '',
  });
  const { errors, isSubmitting } = form.formState;

  const save = form.handleSubmit(async (values) => {
    try {
      const updated = await cabinetApi.updateProduct(product.id, {
        deliveryLink: (values.deliveryLink ?? '').trim(),
        deliveryText: values.deliveryText ?? '',
      });
      queryClient.setQueryData(productKeys.detail(product.id), updated);
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      toast(t('common.saved'), 'success');
    } catch {
      /* shown by the client */
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={save} spacing={2} sx={{ maxWidth: 640 }}>
      <Typography variant="h6">{t('editor.delivery.title')}</Typography>
      <Alert severity="info">{t(service ? 'editor.delivery.serviceHelp' : 'editor.delivery.digitalHelp')}</Alert>
      <TextField
        label={t('editor.delivery.link')}
        placeholder={t('editor.delivery.linkPlaceholder')}
        {...form.register('deliveryLink')}
        error={Boolean(errors.deliveryLink)}
        helperText={errors.deliveryLink?.message ?? t('editor.delivery.linkHelp')}
        slotProps={{ htmlInput: { 'data-testid': 'delivery-link', inputMode: 'url' } }}
      />
      <TextField
        label={t(service ? 'editor.delivery.bookingNote' : 'editor.delivery.text')}
        multiline
        minRows={4}
        {...form.register('deliveryText')}
        error={Boolean(errors.deliveryText)}
        helperText={errors.deliveryText?.message ?? ' '}
        slotProps={{ htmlInput: { 'data-testid': 'delivery-text' } }}
      />
      <div>
        <Button type="submit" variant="contained" loading={isSubmitting} disabled={isSubmitting} data-testid="delivery-save">
          {t('common.save')}
        </Button>
      </div>
    </Stack>
  );
}
