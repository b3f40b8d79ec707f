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
import { Controller } from 'react-hook-form';
import { cabinetApi } from '../../../api/cabinet';
import { ProductInSchema } from '../../../api/zod.gen';
import { toast } from '../../../app/notify';
import { useSchemaForm } from '../../../lib/zodForm';
import { CREATABLE_FORMS } from './editor/steps';
import { productKeys } from './queries';

// the contract's rules, and a name of spaces is no name
const NewProductSchema = ProductInSchema.extend({ name: ProductInSchema.shape.name.trim().min(1) });

/** "New product": what it is (its form), name and description → the product → its editor. */
export function NewProductDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const f = useSchemaForm(NewProductSchema, { name: '', description: '', form: 'download' });
  const nameError = f.formState.errors.name?.message;

  const submit = f.handleSubmit(async ({ name, description, form }) => {
    try {
      const product = await cabinetApi.createProduct({ name, description: description?.trim() ?? '', form });
      toast(t('products.created'), 'success');
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      onClose();
      navigate(`/cabinet/products/${product.id}/edit`);
    } catch {
      /* shown by the client */
    }
  });
  const busy = f.formState.isSubmitting;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}>
      <DialogTitle>{t('products.newProductTitle')}</DialogTitle>
      <DialogContent>
        <FormControl sx={{ mb: 1 }}>
          <FormLabel id="new-product-form">{t('products.formLabel')}</FormLabel>
          <Controller
            control={f.control}
            name="form"
            render={({ field }) => (
              <RadioGroup aria-labelledby="new-product-form" value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                {CREATABLE_FORMS.map((kind) => (
                  <FormControlLabel
                    key={kind}
                    value={kind}
                    control={<Radio slotProps={{ input: { 'data-testid': `new-product-form-${kind}` } as object }} />}
                    label={
                      <span>
                        {t(`products.forms.${kind}`)}
                        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                          {t(`products.formHelp.${kind}`)}
                        </Typography>
                      </span>
                    }
                    sx={{ alignItems: 'flex-start', mb: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
                  />
                ))}
              </RadioGroup>
            )}
          />
        </FormControl>
        <TextField
          margin="dense"
          label={t('products.name')}
          fullWidth
          required
          {...f.register('name')}
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
          {...f.register('description')}
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
