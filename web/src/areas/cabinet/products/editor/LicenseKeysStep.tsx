import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldErrors } from '../../../../api/errors';
import * as sdk from '../../../../api/sdk.gen';
import type { Product } from '../../../../api/types';
import { LicenseKeysInSchema, ProductPatchSchema } from '../../../../api/zod.gen';
import { toast } from '../../../../app/notify';
import { formatDateTime } from '../../../../components/dates';
import { type Column, listed, PagedTable, usePaging } from '../../../../components/PagedTable';
import { StatusChip } from '../../../../components/StatusChip';
import { useSchemaForm } from '../../../../lib/zodForm';
import { productKeys } from '../queries';

type KeyRow = Awaited<ReturnType<typeof sdk.listLicenseKeys>>['list'][number];
type Added = Awaited<ReturnType<typeof sdk.addLicenseKeys>>;

/** A license-key product's pool: the key format (editor §5, its three messages), keys pasted, uploaded as CSV or
 * generated from the format, and the pool with each key's state. One key goes to each paid order. */
export function LicenseKeysStep({ product }: { product: Product }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const paging = usePaging(20);
  const file = useRef<HTMLInputElement>(null);
  const keys = useQuery({
    queryKey: [...productKeys.detail(product.id), 'license_keys', paging.query],
    queryFn: ({ signal }) => sdk.listLicenseKeys(product.id, paging.query, { signal }),
    placeholderData: keepPreviousData,
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: productKeys.detail(product.id) });
    void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
  };

  const formatForm = useSchemaForm(ProductPatchSchema, { keyFormat: product.keyFormat ?? '' });
  const saveFormat = formatForm.handleSubmit(async ({ keyFormat }) => {
    try {
      await sdk.updateProduct(product.id, { keyFormat: (keyFormat ?? '').trim() }, { suppressErrors: true });
      await refresh();
      toast(t('common.saved'), 'success');
    } catch (e) {
      const reason = e instanceof ApiError ? e.reason : undefined;
      formatForm.setError('keyFormat', { message: t(`editor.keys.formatErrors.${reason ?? 'bad_format'}`) });
    }
  });

  const addForm = useSchemaForm(LicenseKeysInSchema, { text: '', generate: 10 });
  const [busy, setBusy] = useState<'paste' | 'generate' | 'csv' | null>(null);
  const added = async (how: 'paste' | 'generate' | 'csv', call: () => Promise<Added>) => {
    setBusy(how);
    try {
      const r = await call();
      toast(t('editor.keys.added', { count: r.added, duplicates: r.duplicates }), 'success');
      if (how === 'paste') addForm.setValue('text', '');
      await refresh();
    } catch (e) {
      // a key the pool refuses: which line and why, beside the keys (nothing was added)
      const line = e instanceof ApiError ? Number(e.fields?.line) : Number.NaN;
      const message =
        e instanceof ApiError && e.reason && line
          ? t(`editor.keys.lineErrors.${e.reason}`, { line })
          : e instanceof ApiError
            ? (fieldErrors(e).text ?? fieldErrors(e).generate ?? fieldErrors(e).file ?? e.message)
            : t('toast.error');
      addForm.setError('text', { message });
    } finally {
      setBusy(null);
      if (file.current) file.current.value = '';
    }
  };
  const paste = addForm.handleSubmit(async ({ text }) => {
    if (!text?.trim()) {
      addForm.setError('text', { message: t('validation.required') });
      return;
    }
    await added('paste', () => sdk.addLicenseKeys(product.id, { text }, { suppressErrors: true }));
  });
  const generate = async () => {
    const ok = await addForm.trigger('generate');
    const n = Number(addForm.getValues('generate'));
    if (ok && n) await added('generate', () => sdk.addLicenseKeys(product.id, { generate: n }, { suppressErrors: true }));
  };
  const upload = (f: File) => {
    const form = new FormData();
    form.append('file', f);
    void added('csv', () => sdk.uploadLicenseKeys(product.id, form, { suppressErrors: true }));
  };
  const remove = async (row: KeyRow) => {
    try {
      await sdk.removeLicenseKey(product.id, row.id);
      await refresh();
    } catch {
      /* shown by the client */
    }
  };

  const columns: Column<KeyRow>[] = [
    { key: 'key', label: t('editor.keys.key'), render: (r) => <Box component="code" sx={{ wordBreak: 'break-all' }}>{r.key}</Box> },
    { key: 'state', label: t('products.state'), render: (r) => <StatusChip state={r.state} /> },
    { key: 'buyer', label: t('editor.keys.buyer'), wide: true, render: (r) => r.payerEmail ?? '–' },
    { key: 'at', label: t('editor.keys.takenAt'), wide: true, render: (r) => (r.reservedAt ? formatDateTime(r.reservedAt) : '–') },
    {
      key: 'remove',
      label: t('common.actions'),
      align: 'right',
      render: (r) =>
        r.state === 'free' ? (
          <IconButton aria-label={t('editor.keys.remove', { key: r.key })} onClick={() => void remove(r)} size="small">
            <DeleteIcon fontSize="small" />
          </IconButton>
        ) : null,
    },
  ];
  const free = product.licenseKeysFree ?? 0;

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" sx={{ mr: 1 }}>
          {t('editor.keys.title')}
        </Typography>
        <Chip color={free > 0 ? 'success' : 'warning'} label={t('editor.keys.free', { count: free })} data-testid="keys-free" />
        <Chip label={t('editor.keys.taken', { count: product.licenseKeysTaken ?? 0 })} />
      </Stack>
      {free === 0 ? <Alert severity="warning">{t('editor.keys.empty')}</Alert> : null}

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" noValidate onSubmit={saveFormat} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={t('editor.keys.format')}
            placeholder={t('editor.keys.formatPlaceholder')}
            fullWidth
            {...formatForm.register('keyFormat')}
            error={Boolean(formatForm.formState.errors.keyFormat)}
            helperText={formatForm.formState.errors.keyFormat?.message ?? t('editor.keys.formatHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'key-format', spellCheck: false } }}
          />
          <Button type="submit" variant="outlined" sx={{ mt: { sm: 1 }, flexShrink: 0 }} loading={formatForm.formState.isSubmitting} data-testid="key-format-save">
            {t('common.save')}
          </Button>
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" noValidate onSubmit={paste} spacing={2}>
          <TextField
            label={t('editor.keys.paste')}
            multiline
            minRows={4}
            {...addForm.register('text')}
            error={Boolean(addForm.formState.errors.text)}
            helperText={addForm.formState.errors.text?.message ?? t('editor.keys.pasteHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'keys-paste', spellCheck: false } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Button type="submit" variant="contained" loading={busy === 'paste'} disabled={busy !== null} data-testid="keys-add">
              {t('editor.keys.add')}
            </Button>
            <input
              ref={file}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              hidden
              data-testid="keys-file"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) upload(f);
              }}
            />
            <Button variant="outlined" startIcon={<UploadFileIcon />} loading={busy === 'csv'} disabled={busy !== null} onClick={() => file.current?.click()}>
              {t('editor.keys.uploadCsv')}
            </Button>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                type="number"
                size="small"
                label={t('editor.keys.generateCount')}
                sx={{ width: 140 }}
                {...addForm.register('generate', { valueAsNumber: true })}
                error={Boolean(addForm.formState.errors.generate)}
                helperText={addForm.formState.errors.generate?.message}
                slotProps={{ htmlInput: { min: 1, max: 5000, 'data-testid': 'keys-generate-count' } }}
              />
              <Button
                variant="outlined"
                onClick={() => void generate()}
                loading={busy === 'generate'}
                disabled={busy !== null || !product.keyFormat}
                data-testid="keys-generate"
              >
                {t('editor.keys.generate')}
              </Button>
            </Stack>
          </Stack>
          {!product.keyFormat ? (
            <Typography variant="caption" color="text.secondary">
              {t('editor.keys.generateNeedsFormat')}
            </Typography>
          ) : null}
        </Stack>
      </Paper>

      <PagedTable
        {...listed(keys)}
        columns={columns}
        rowKey={(r) => r.id}
        empty={t('editor.keys.none')}
        {...paging.pager}
        count={keys.data?.totalCount ?? 0}
        label={t('editor.keys.title')}
      />
    </Stack>
  );
}
