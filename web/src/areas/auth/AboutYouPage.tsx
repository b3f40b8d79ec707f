import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { sessionApi } from '../../api/session';
import { getTokens } from '../../api/tokens';
import { sessionKeys } from '../../app/queries';
import { PageLoader } from '../../components/PageLoader';
import { currentLanguage } from '../../i18n';
import { SignUpSchema } from '../../api/zod.gen';
import { validateUsername } from '../../lib/validation';
import { fieldProps, rules, showFieldErrors, useSchemaForm } from '../../lib/zodForm';
import { AuthLayout } from './AuthLayout';
import { clearSignUpDraft, peekSignUpDraft, type SignUpDraft } from './signUpDraft';
import type { User } from '../../api/types';
import { useAvailability } from './useAvailability';
import { useAfterSignIn } from './useSignedIn';
import { useCurrentUser } from '../../app/useCurrentUser';

/**
 * The second sign-up step. With a draft from the first step it creates the account with all fields
 * (then signs in if the backend allows it before confirmation). A signed-in user without a username
 * (e.g. right after confirming) completes the profile with PATCH /app/user.
 */
const AboutYouSchema = SignUpSchema.pick({}).extend({
  firstName: rules.required(SignUpSchema.shape.firstName.unwrap().unwrap()),
  lastName: rules.required(SignUpSchema.shape.lastName.unwrap().unwrap()),
  username: rules.checked(SignUpSchema.shape.username.unwrap().unwrap(), validateUsername),
});

export default function AboutYouPage() {
  const draft = peekSignUpDraft();
  const signedIn = getTokens() !== null;
  const me = useCurrentUser();
  if (!draft && !signedIn) return <Navigate to="/users/sign_up" replace />;
  if (!draft && me.isLoading) return <PageLoader />;
  const user = draft ? null : (me.data ?? null);
  return <AboutYouForm draft={draft} user={user} />;
}

function AboutYouForm({ draft, user }: { draft: SignUpDraft | null; user: User | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const afterSignIn = useAfterSignIn();
  const [done, setDone] = useState<string | null>(null);
  const navigate = useNavigate();
  const form = useSchemaForm(AboutYouSchema, { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', username: user?.username ?? '' });
  const username = (form.watch('username') ?? '').trim();
  const check = useAvailability<string | null>(username, validateUsername(username) === null, (value, signal) =>
    sessionApi.checkUsername(value, signal),
  );

  const taken = check.state === 'done' && !check.available;
  const usernameMessage = taken ? t(`validation.${check.message ?? 'exists'}`, { defaultValue: check.message ?? 'exists' }) : null;
  const usernameField = fieldProps(form, 'username', check.state === 'done' ? t('auth.usernameAvailable') : t('auth.usernameHelp', { username: username || '…' }));
  // the shop path's rule is checked while typing (once there is something to check), not first at submit
  const typed = form.register('username').onChange;
  const onUsername = async (e: { target: { value: string } }) => {
    await typed(e as Parameters<typeof typed>[0]);
    if (e.target.value) void form.trigger('username');
    else if (!form.getFieldState('username').isTouched) form.clearErrors('username'); // not scolded before it is left
  };

  const submit = form.handleSubmit(async ({ firstName, lastName }) => {
    if (taken) return;
    try {
      if (draft) {
        await sessionApi.signUp({
          email: draft.email,
          password: draft.password,
          profileType: draft.profileType,
          username,
          firstName,
          lastName,
          locale: currentLanguage() === 'de' ? 'de' : 'en', // the cabinet's mails speak en and de
        });
        try {
          await sessionApi.signIn(draft.email, draft.password);
        } catch {
          clearSignUpDraft();
          setDone(draft.email);
          return;
        }
        clearSignUpDraft();
        await afterSignIn();
      } else {
        const user = await sessionApi.updateMe({ username, firstName, lastName });
        queryClient.setQueryData(sessionKeys.me(), user);
        await afterSignIn();
      }
    } catch (err) {
      // the e-mail was taken after it was checked: back to the step where it can be changed (the draft is kept,
      // and that page checks it again and says it is taken)
      const fields = showFieldErrors(form, err);
      if (draft && 'email' in fields) navigate('/users/sign_up', { replace: true });
    }
  });
  const busy = form.formState.isSubmitting;

  if (done) {
    return (
      <AuthLayout title={t('auth.aboutYouTitle')}>
        <Alert severity="success" data-testid="signup-done">
          {t('auth.signUpDone', { email: done })}
        </Alert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.aboutYouTitle')}>
      <Stack component="form" noValidate onSubmit={submit} spacing={1}>
        <TextField label={t('auth.firstName')} autoComplete="given-name" autoFocus {...fieldProps(form, 'firstName')} />
        <TextField label={t('auth.lastName')} autoComplete="family-name" {...fieldProps(form, 'lastName')} />
        <TextField
          label={t('auth.username')}
          autoComplete="username"
          {...usernameField}
          onChange={onUsername}
          error={usernameField.error || taken}
          helperText={usernameMessage ?? usernameField.helperText}
          slotProps={{ htmlInput: { 'data-testid': 'signup-username' } }}
        />
        <Button type="submit" variant="contained" size="large" loading={busy} disabled={busy} data-testid="signup-finish">
          {t('auth.finish')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
