import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../../api/cabinet';
import type { Product } from '../../../../api/types';
import { toast } from '../../../../app/notify';
import { productKeys } from '../queries';

/** Uploads the download file (multipart to /cabinet/products/{id}/file) with a progress bar. */
export function FileStep({ product }: { product: Product }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const upload = async (file: File) => {
    setProgress(0);
    try {
      const updated = await cabinetApi.uploadFile(product.id, file, (fraction) => setProgress(Math.round(fraction * 100)));
      queryClient.setQueryData(productKeys.detail(product.id), updated);
      void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
      toast(t('editor.fileUploaded'), 'success');
    } catch {
      /* shown by the client */
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography variant="h6">{t('editor.fileTitle')}</Typography>
      {product.fileName ? (
        <Alert severity="success" data-testid="current-file">
          {t('editor.fileCurrent', { name: product.fileName })}
        </Alert>
      ) : (
        <Alert severity="info">{t('editor.fileNone')}</Alert>
      )}
      <Box>
        <input
          ref={input}
          type="file"
          hidden
          id="product-file"
          data-testid="file-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={progress !== null} onClick={() => input.current?.click()} data-testid="file-choose">
          {t('editor.fileChoose')}
        </Button>
      </Box>
      {progress !== null ? (
        <Box data-testid="upload-progress">
          <LinearProgress variant="determinate" value={progress} aria-label={t('editor.fileUploading', { percent: progress })} />
          <Typography variant="caption" color="text.secondary">
            {t('editor.fileUploading', { percent: progress })}
          </Typography>
        </Box>
      ) : null}
    </Stack>
  );
}
