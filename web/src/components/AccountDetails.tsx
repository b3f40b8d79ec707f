import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../api/errors';
import { sessionApi } from '../api/session';
import type { User } from '../api/types';
import { toast } from '../app/notify';
import { sessionKeys } from '../app/queries';
import { useCurrentUser } from '../app/useCurrentUser';
import { EmailChange } from './EmailChange';
import { Page } from './Page';

/** A publisher's or team member's own details (core §2 `/publish/details`): the name sellers know them by, their
 * username and the language Sellflow writes to them in; the e-mail is their sign-in. */
export function AccountDetails() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  if (me.isPending || !me.data) return <Skeleton variant="rounded" height={280} />;
  return <Details user={me.data} key={me.data.id} title={t('account.detailsTitle')} />;
}

function Details({ user, title }: { user: User; title: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [first, setFirst] = useState(user.firstName ?? '');
  const [last, setLast] = useState(user.lastName ?? '');
  const [username, setUsername] = useState(user.username ?? '');
  const [locale, setLocale] = useState<'en' | 'de'>(user.locale === 'de' ? 'de' : 'en');
  const save = useMutation({
    mutationFn: () => sessionApi.updateMe({ firstName: first.trim(), lastName: last.trim(), username: username.trim() || null, locale }),
    onSuccess: () => {
      toast(t('account.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
      void i18n.changeLanguage(locale);
    },
  });
  const errors = fieldErrors(save.error);
  return (
    <Page title={title}>
      <Paper sx={{ p: 2, maxWidth: 560 }}>
        <Stack spacing={2}>
          <TextField label={t('auth.email')} value={user.email} helperText={t('account.emailIsSignIn')} slotProps={{ htmlInput: { readOnly: true } }} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label={t('auth.firstName')} value={first} onChange={(e) => setFirst(e.target.value)} fullWidth slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'details-first' } }} />
            <TextField label={t('auth.lastName')} value={last} onChange={(e) => setLast(e.target.value)} fullWidth slotProps={{ htmlInput: { maxLength: 100 } }} />
          </Stack>
          <TextField
            label={t('auth.username')}
            value={username}
            onChange={(e) => setUsername(e.target.value.toLowerCase())}
            error={Boolean(errors.username)}
            helperText={errors.username ? t(`account.username.${errors.username}`, { defaultValue: t('account.username.invalid') }) : t('account.usernameHelp')}
            slotProps={{ htmlInput: { maxLength: 30 } }}
          />
          <TextField select label={t('common.language')} value={locale} onChange={(e) => setLocale(e.target.value === 'de' ? 'de' : 'en')}>
            <MenuItem value="en">{t('account.locale.en')}</MenuItem>
            <MenuItem value="de">{t('account.locale.de')}</MenuItem>
          </TextField>
          <Button variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={save.isPending} onClick={() => save.mutate()} data-testid="details-save">
            {t('common.save')}
          </Button>
        </Stack>
      </Paper>
      <EmailChange email={user.email} />
    </Page>
  );
}
