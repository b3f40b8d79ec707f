import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../../api/cabinet';
import type { Product } from '../../../../api/types';
import { toast } from '../../../../app/notify';
import { productKeys } from '../queries';

export function DetailsStep({ product }: { product: Product }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(product.name);
  const [internalName, setInternalName] = useState(product.internalName ?? '');
  const [description, setDescription] = useState(product.description ?? '');
  const [busy, setBusy] = useState(false);
  const nameError = !name.trim() ? t('validation.required') : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (nameError || busy) return;
    setBusy(true);
    try {
      const updated = await cabinetApi.updateProduct(product.id, { name: name.trim(), internalName: internalName.trim(), description });
      queryClient.setQueryData(productKeys.detail(product.id), updated);
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      toast(t('common.saved'), 'success');
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} sx={{ maxWidth: 640 }}>
      <TextField label={t('products.name')} required value={name} onChange={(e) => setName(e.target.value)} error={Boolean(nameError)} helperText={nameError ?? ' '} />
      <TextField label={t('editor.internalName')} value={internalName} onChange={(e) => setInternalName(e.target.value)} />
      <TextField label={t('products.description')} multiline minRows={4} value={description} onChange={(e) => setDescription(e.target.value)} />
      <div>
        <Button type="submit" variant="contained" loading={busy} disabled={busy || Boolean(nameError)} data-testid="details-save">
          {t('common.save')}
        </Button>
      </div>
    </Stack>
  );
}
