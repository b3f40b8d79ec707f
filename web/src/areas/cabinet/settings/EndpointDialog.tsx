import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../api/errors';
import { EndpointInSchema } from '../../../api/zod.gen';
import { fieldProps, useSchemaForm } from '../../../lib/zodForm';
import { EventPicker } from './EventPicker';
import { type EventType, urlError } from './webhookWords';

const EndpointForm = EndpointInSchema.extend({
  url: EndpointInSchema.shape.url.trim(),
  description: EndpointInSchema.shape.description.unwrap(),
  events: EndpointInSchema.shape.events.unwrap(),
});
export type EndpointFields = z.output<typeof EndpointForm>;

/** An endpoint's address, description and events, to add one or change one (`save`); the address is checked by the
 * contract's schema here and by the API (public HTTPS only), whose refusal shows at the field in words. */
export function EndpointDialog<T>({ title, initial, submitLabel, save, onSaved, onClose, testIds = false }: {
  title: string;
  initial: { url: string; description: string; events: EventType[] };
  submitLabel: string;
  save: (fields: EndpointFields) => Promise<T>;
  onSaved: (answer: T) => void;
  onClose: () => void;
  /** the add dialog's test ids (the browser scenarios add endpoints) */
  testIds?: boolean;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(EndpointForm, initial);
  const send = useMutation({
    mutationFn: save,
    onSuccess: onSaved,
    onError: (err) => {
      const url = fieldErrors(err).url;
      if (url) form.setError('url', { message: urlError(t, url) });
    },
  });
  const submit = form.handleSubmit((fields) => send.mutate(fields));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="endpoint-dialog-title">
      <DialogTitle id="endpoint-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('webhooks.url')}
            {...fieldProps(form, 'url', t('webhooks.urlHelp'))}
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'url', ...(testIds ? { 'data-testid': 'endpoint-url' } : {}) } }}
          />
          <TextField label={t('webhooks.description')} {...fieldProps(form, 'description', null)} slotProps={{ htmlInput: { maxLength: 200 } }} />
          <Typography variant="subtitle2">{t('webhooks.events')}</Typography>
          <EventPicker value={form.watch('events')} onChange={(next) => form.setValue('events', next)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!form.watch('url')?.trim() || send.isPending}
          onClick={submit}
          {...(testIds ? { 'data-testid': 'save-endpoint' } : {})}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
