import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldProps, rules, useSchemaForm } from '../lib/zodForm';

/** A refusal's reason, asked before it is sent (a manager rejecting a product or a reseller request): the text is
 * required, trimmed and bounded by the contract's field (`field`), and `onConfirm` gets it. */
export function ReasonDialog({ title, intro, label, help = ' ', field, confirm, busy, onConfirm, onClose, testIds }: {
  title: string;
  intro?: ReactNode;
  label: string;
  help?: string;
  field: z.ZodString;
  confirm: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  testIds?: { text: string; confirm: string };
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(z.object({ reason: rules.required(field) }), { reason: '' });
  const submit = form.handleSubmit(({ reason }) => onConfirm(reason));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reason-title">
      <DialogTitle id="reason-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {intro}
          <TextField
            label={label}
            {...fieldProps(form, 'reason', help)}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: testIds ? { 'data-testid': testIds.text } : {} }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button color="error" variant="contained" loading={busy} onClick={submit} {...(testIds ? { 'data-testid': testIds.confirm } : {})}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
