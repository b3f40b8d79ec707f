import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as sdk from '../api/sdk.gen';
import { Page } from './Page';

/** An area's support page (core §2 `/publish/support`, `/team_member/support`): answers to the usual questions,
 * and a message to the platform's support, mailed once per message with the user's address to answer to. */
export function SupportForm({ area }: { area: 'publish' | 'team_member' }) {
  const { t } = useTranslation();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const key = useRef(crypto.randomUUID());
  const send = useMutation({
    mutationFn: () => sdk.writeToSupport({ area, subject: subject.trim(), message: message.trim() }, { idempotencyKey: key.current }),
    onSuccess: () => {
      key.current = crypto.randomUUID();
      setSubject('');
      setMessage('');
    },
  });
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
        <Stack spacing={2}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('support.write')}
          </Typography>
          {send.isSuccess ? <Alert severity="success" data-testid="support-sent">{t('support.sent')}</Alert> : null}
          <TextField label={t('support.subject')} value={subject} onChange={(e) => setSubject(e.target.value)} slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'support-subject' } }} />
          <TextField label={t('support.message')} value={message} onChange={(e) => setMessage(e.target.value)} multiline minRows={4} slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'support-message' } }} />
          <Button variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={!subject.trim() || !message.trim() || send.isPending} onClick={() => send.mutate()} data-testid="support-send">
            {t('support.send')}
          </Button>
        </Stack>
      </Paper>
    </Page>
  );
}
