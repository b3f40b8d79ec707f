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
import { UserPatchSchema } from '../api/zod.gen';
import type { User } from '../api/types';
import { toast } from '../app/notify';
import { sessionKeys } from '../app/queries';
import { useCurrentUser } from '../app/useCurrentUser';
import { fieldProps, useSchemaForm } from '../lib/zodForm';
import { EmailChange } from './EmailChange';
import { Page } from './Page';

const DetailsForm = UserPatchSchema.extend({
  firstName: UserPatchSchema.shape.firstName.unwrap().unwrap().trim(),
  lastName: UserPatchSchema.shape.lastName.unwrap().unwrap().trim(),
  username: UserPatchSchema.shape.username.unwrap().unwrap().trim(),
  locale: UserPatchSchema.shape.locale.unwrap().unwrap(),
});

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
  const form = useSchemaForm(DetailsForm, {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    username: user.username ?? '',
    locale: user.locale === 'de' ? 'de' : 'en',
  });
  const save = useMutation({
    mutationFn: (patch: { firstName: string; lastName: string; username: string; locale: 'en' | 'de' }) => sessionApi.updateMe({ ...patch, username: patch.username || null }),
    onSuccess: (_, patch) => {
      toast(t('account.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
      void i18n.changeLanguage(patch.locale);
    },
    onError: (err) => {
      const code = fieldErrors(err).username;
      if (code) form.setError('username', { message: t(`account.username.${code}`, { defaultValue: t('account.username.invalid') }) });
    },
  });
  const submit = form.handleSubmit((patch) => save.mutate(patch));
  const username = form.register('username');
  return (
    <Page title={title}>
      <Paper sx={{ p: 2, maxWidth: 560 }}>
        <Stack spacing={2}>
          <TextField label={t('auth.email')} value={user.email} helperText={t('account.emailIsSignIn')} slotProps={{ htmlInput: { readOnly: true } }} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label={t('auth.firstName')} {...fieldProps(form, 'firstName', null)} fullWidth slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'details-first' } }} />
            <TextField label={t('auth.lastName')} {...fieldProps(form, 'lastName', null)} fullWidth slotProps={{ htmlInput: { maxLength: 100 } }} />
          </Stack>
          <TextField
            label={t('auth.username')}
            {...fieldProps(form, 'username', t('account.usernameHelp'))}
            onChange={(e) => {
              e.target.value = e.target.value.toLowerCase();
              void username.onChange(e);
            }}
            slotProps={{ htmlInput: { maxLength: 30 } }}
          />
          <TextField select label={t('common.language')} value={form.watch('locale')} onChange={(e) => form.setValue('locale', e.target.value === 'de' ? 'de' : 'en')}>
            <MenuItem value="en">{t('account.locale.en')}</MenuItem>
            <MenuItem value="de">{t('account.locale.de')}</MenuItem>
          </TextField>
          <Button variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={save.isPending} onClick={submit} data-testid="details-save">
            {t('common.save')}
          </Button>
        </Stack>
      </Paper>
      <EmailChange email={user.email} />
    </Page>
  );
}
