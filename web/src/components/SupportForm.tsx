import { useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as sdk from '../api/sdk.gen';
import { SupportInSchema } from '../api/zod.gen';
import { useSchemaForm } from '../lib/zodForm';
import { Page } from './Page';

// the contract's rules, and a subject or message of spaces is none
const MessageSchema = SupportInSchema.extend({
  subject: SupportInSchema.shape.subject.trim().min(1),
  message: SupportInSchema.shape.message.trim().min(1),
});

/** An area's support page (core §2 `/publish/support`, `/team_member/support`): answers to the usual questions,
 * and a message to the platform's support, mailed once per message with the user's address to answer to. */
export function SupportForm({ area }: { area: 'publish' | 'team_member' }) {
  const { t } = useTranslation();
  const f = useSchemaForm(MessageSchema, { area, subject: '', message: '' });
  const key = useRef(crypto.randomUUID());
  const send = useMutation({
    mutationFn: (body: { area: typeof area; subject: string; message: string }) => sdk.writeToSupport(body, { idempotencyKey: key.current }),
    onSuccess: () => {
      key.current = crypto.randomUUID();
      f.reset({ area, subject: '', message: '' });
    },
  });
  const submit = f.handleSubmit((body) => send.mutate({ area, subject: body.subject, message: body.message }));
  const { subject, message } = f.formState.errors;
  const filled = Boolean(f.watch('subject')?.trim() && f.watch('message')?.trim());
  const faq = t(`support.faq.${area}`, { returnObjects: true }) as { q: string; a: string }[];
  return (
    <Page title={t('support.title')}>
      <Paper sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          {faq.map((x) => (
            <div key={x.q}>
              <Typography sx={{ fontWeight: 600 }}>{x.q}</Typography>
              <Typography variant="body2" color="text.secondary">
                {x.a}
              </Typography>
            </div>
          ))}
        </Stack>
      </Paper>
      <Paper sx={{ p: 2, maxWidth: 640 }}>
        <Stack spacing={2} component="form" noValidate onSubmit={submit}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('support.write')}
          </Typography>
          {send.isSuccess ? <Alert severity="success" data-testid="support-sent">{t('support.sent')}</Alert> : null}
          <TextField
            label={t('support.subject')}
            {...f.register('subject')}
            error={Boolean(subject)}
            helperText={subject?.message ?? ' '}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'support-subject' } }}
          />
          <TextField
            label={t('support.message')}
            {...f.register('message')}
            error={Boolean(message)}
            helperText={message?.message ?? ' '}
            multiline
            minRows={4}
            slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'support-message' } }}
          />
          <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={!filled || send.isPending} data-testid="support-send">
            {t('support.send')}
          </Button>
        </Stack>
      </Paper>
    </Page>
  );
}
