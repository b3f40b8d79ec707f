import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../../api/cabinet';
import type { Product } from '../../../../api/types';
import { ProductPatchSchema } from '../../../../api/zod.gen';
import { toast } from '../../../../app/notify';
import { useSchemaForm } from '../../../../lib/zodForm';
import { productKeys, productQueries } from '../queries';
import { CoverField } from './CoverField';

const CATEGORIES = ['e_book', 'music_files', 'coaching', 'membership', 'book', 'online_course', 'online_course_live', 'event', 'certificate', 'license_code'] as const;

/** A product's details (editor §3): name, internal name, description, category, sales limit, access password and
 * cost center, checked by the contract's schema before they are sent. */
export function DetailsStep({ product }: { product: Product }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useSchemaForm(ProductPatchSchema, {
    name: product.name,
    internalName: product.internalName ?? '',
    description: product.description ?? '',
    category: product.category ?? '',
    limit: product.limit ?? 0,
    accessPassword: product.accessPassword ?? '',
    costCenter: product.costCenter ?? '',
    productGroups: product.productGroups ?? [],
  });
  const groups = useQuery(productQueries.groups());
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('accessPassword');

  const submit = form.handleSubmit(async (v) => {
    if (!(v.name ?? '').trim()) {
      form.setError('name', { message: t('validation.required') });
      return;
    }
    try {
      const updated = await cabinetApi.updateProduct(product.id, {
        name: (v.name ?? '').trim(),
        internalName: (v.internalName ?? '').trim(),
        description: v.description ?? '',
        category: v.category ?? '',
        limit: Number.isFinite(v.limit) ? (v.limit ?? 0) : 0,
        accessPassword: v.accessPassword ?? '',
        costCenter: (v.costCenter ?? '').trim(),
        productGroups: v.productGroups ?? [],
      });
      queryClient.setQueryData(productKeys.detail(product.id), updated);
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      toast(t('common.saved'), 'success');
    } catch {
      /* shown by the client */
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} sx={{ maxWidth: 640 }}>
      <CoverField product={product} />
      <TextField label={t('products.name')} required {...form.register('name')} error={Boolean(errors.name)} helperText={errors.name?.message ?? ' '} slotProps={{ htmlInput: { 'data-testid': 'details-name' } }} />
      <TextField label={t('editor.internalName')} {...form.register('internalName')} error={Boolean(errors.internalName)} helperText={errors.internalName?.message ?? t('editor.internalNameHelp')} />
      <TextField label={t('products.description')} multiline minRows={4} {...form.register('description')} error={Boolean(errors.description)} helperText={errors.description?.message} />
      <Controller
        control={form.control}
        name="category"
        render={({ field }) => (
          <TextField select label={t('editor.category')} value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value)} helperText=" ">
            <MenuItem value="">{t('editor.noCategory')}</MenuItem>
            {CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`editor.categories.${c}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="number"
          label={t('editor.limit')}
          {...form.register('limit', { valueAsNumber: true })}
          error={Boolean(errors.limit)}
          helperText={errors.limit?.message ?? t('editor.limitHelp', { sold: product.soldCount, reserved: product.reservedCount ?? 0 })}
          slotProps={{ htmlInput: { min: 0, 'data-testid': 'details-limit' } }}
          sx={{ flex: 1 }}
        />
        <TextField label={t('editor.costCenter')} {...form.register('costCenter')} error={Boolean(errors.costCenter)} helperText={errors.costCenter?.message ?? ' '} sx={{ flex: 1 }} />
      </Stack>
      <Controller
        control={form.control}
        name="productGroups"
        render={({ field }) => (
          <Autocomplete
            multiple
            freeSolo
            autoSelect
            slotProps={{ chip: { size: 'small' } }}
            options={groups.data?.groups ?? []}
            value={field.value ?? []}
            onChange={(_, value) => field.onChange(value.map((g) => g.trim()).filter(Boolean))}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('editor.productGroups')}
                error={Boolean(errors.productGroups)}
                helperText={(errors.productGroups as { message?: string } | undefined)?.message ?? t('editor.productGroupsHelp')}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'details-groups' } }}
              />
            )}
          />
        )}
      />
      <TextField label={t('editor.accessPassword')} {...form.register('accessPassword')} error={Boolean(errors.accessPassword)} helperText={errors.accessPassword?.message ?? t('editor.accessPasswordHelp')} autoComplete="off" />
      {password ? <Alert severity="warning">{t('warnings.has_access_password')}</Alert> : null}
      <div>
        <Button type="submit" variant="contained" loading={isSubmitting} data-testid="details-save">
          {t('common.save')}
        </Button>
      </div>
    </Stack>
  );
}
