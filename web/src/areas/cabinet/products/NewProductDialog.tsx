import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { cabinetApi } from '../../../api/cabinet';
import { toast } from '../../../app/notify';
import { CREATABLE_FORMS } from './editor/steps';
import { productKeys } from './queries';

type CreatableForm = (typeof CREATABLE_FORMS)[number];

/** "New product": what it is (its form), name and description → the product → its editor. */
export function NewProductDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [form, setForm] = useState<CreatableForm>('download');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const nameError = touched && !name.trim() ? t('validation.required') : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!name.trim() || busy) return;
    setBusy(true);
    try {
      const product = await cabinetApi.createProduct({ name: name.trim(), description: description.trim(), form });
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
        <FormControl sx={{ mb: 1 }}>
          <FormLabel id="new-product-form">{t('products.formLabel')}</FormLabel>
          <RadioGroup aria-labelledby="new-product-form" value={form} onChange={(e) => setForm(e.target.value as CreatableForm)}>
            {CREATABLE_FORMS.map((f) => (
              <FormControlLabel
                key={f}
                value={f}
                control={<Radio slotProps={{ input: { 'data-testid': `new-product-form-${f}` } as object }} />}
                label={
                  <span>
                    {t(`products.forms.${f}`)}
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                      {t(`products.formHelp.${f}`)}
                    </Typography>
                  </span>
                }
                sx={{ alignItems: 'flex-start', mb: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
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
