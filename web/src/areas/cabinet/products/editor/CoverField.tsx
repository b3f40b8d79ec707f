import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/errors';
import * as sdk from '../../../../api/sdk.gen';
import type { Product } from '../../../../api/types';
import { toast } from '../../../../app/notify';
import { productKeys } from '../queries';

/** The product's cover (editor §3 covers): uploaded once, kept in four widths; the shop picks the one a screen needs. */
export function CoverField({ product }: { product: Product }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const saved = (p: Product) => {
    qc.setQueryData(productKeys.detail(product.id), p);
    void qc.invalidateQueries({ queryKey: productKeys.lists() });
  };
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return sdk.uploadCover(product.id, form, { suppressErrors: true });
    },
    onSuccess: (p) => {
      saved(p);
      toast(t('editor.cover.saved'), 'success');
    },
    onError: (e) => toast(e instanceof ApiError && e.status === 400 ? t('editor.cover.notAPicture') : t('toast.error'), 'error'),
  });
  const remove = useMutation({ mutationFn: () => sdk.removeCover(product.id), onSuccess: saved });
  const cover = product.cover;
  const shown = cover?.variants.find((v) => v.size === 's300') ?? cover?.variants.at(-1);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }} data-testid="cover-field">
      <Box sx={{ width: 160, height: 90, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center', flexShrink: 0 }}>
        {shown ? <Box component="img" src={shown.url} alt={t('editor.cover.alt', { name: product.name })} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} data-testid="cover-image" /> : <ImageIcon color="disabled" />}
      </Box>
      <Stack spacing={1}>
        <Typography variant="subtitle2">{t('editor.cover.title')}</Typography>
        <Typography variant="caption" color="text.secondary">
          {t('editor.cover.help')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" size="small" loading={upload.isPending} onClick={() => input.current?.click()} data-testid="cover-upload">
            {cover ? t('editor.cover.replace') : t('editor.cover.upload')}
          </Button>
          {cover ? (
            <Button size="small" color="error" loading={remove.isPending} onClick={() => remove.mutate()} data-testid="cover-remove">
              {t('editor.cover.remove')}
            </Button>
          ) : null}
        </Stack>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          hidden
          data-testid="cover-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) upload.mutate(file);
          }}
        />
      </Stack>
    </Stack>
  );
}
