import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { cabinetApi } from '../../../api/cabinet';
import { toast } from '../../../app/notify';
import { productKeys } from './queries';

/** "New product": name and description → a download product → its editor. */
export function NewProductDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const nameError = touched && !name.trim() ? t('validation.required') : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!name.trim() || busy) return;
    setBusy(true);
    try {
      const product = await cabinetApi.createProduct({ name: name.trim(), description: description.trim(), form: 'download' });
      toast(t('products.created'), 'success');
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      onClose();
      navigate(`/cabinet/products/${product.id}/edit`);
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}>
      <DialogTitle>{t('products.newProductTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          margin="dense"
          label={t('products.name')}
          fullWidth
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => setTouched(true)}
          error={Boolean(nameError)}
          helperText={nameError ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': 'new-product-name', maxLength: 300 } }}
        />
        <TextField
          margin="dense"
          label={t('products.description')}
          fullWidth
          multiline
          minRows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'new-product-description' } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" loading={busy} disabled={busy} data-testid="new-product-submit">
          {t('common.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
