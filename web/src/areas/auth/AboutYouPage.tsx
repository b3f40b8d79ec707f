import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, fieldErrors } from '../../api/errors';
import { sessionApi } from '../../api/session';
import { getTokens } from '../../api/tokens';
import { sessionKeys } from '../../app/queries';
import { PageLoader } from '../../components/PageLoader';
import { currentLanguage } from '../../i18n';
import { required, validateUsername } from '../../lib/validation';
import { AuthLayout } from './AuthLayout';
import { useFields } from './fields';
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
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const form = useFields(
    { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '', username: user?.username ?? '' },
    { firstName: required, lastName: required, username: validateUsername },
    ['username'], // the shop path's rule is checked while typing, not first at submit
  );
  const username = form.values.username.trim();
  const check = useAvailability<string | null>(username, validateUsername(username) === null, (value, signal) =>
    sessionApi.checkUsername(value, signal),
  );

  const usernameField = form.field('username');
  const taken = check.state === 'done' && !check.available;
  const usernameMessage = taken ? t(`validation.${check.message ?? 'exists'}`, { defaultValue: check.message ?? 'exists' }) : null;
  const usernameHelper =
    usernameMessage ??
    (usernameField.error
      ? usernameField.helperText
      : check.state === 'done'
        ? t('auth.usernameAvailable')
        : t('auth.usernameHelp', { username: username || '…' }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !form.validate() || taken) return;
    setBusy(true);
    const { firstName, lastName } = form.values;
    try {
      if (draft) {
        await sessionApi.signUp({
          email: draft.email,
          password: draft.password,
          profileType: draft.profileType,
          username,
          firstName: firstName.trim(),
          lastName: lastName.trim(),
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
        const user = await sessionApi.updateMe({ username, firstName: firstName.trim(), lastName: lastName.trim() });
        queryClient.setQueryData(sessionKeys.me(), user);
        await afterSignIn();
      }
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrors(err) : {};
      // the e-mail was taken after it was checked: back to the step where it can be changed (the draft is kept,
      // and that page checks it again and says it is taken)
      if (draft && 'email' in fields) {
        navigate('/users/sign_up', { replace: true });
        return;
      }
      form.setServerErrors(fields);
    } finally {
      setBusy(false);
    }
  };

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
        <TextField label={t('auth.firstName')} autoComplete="given-name" autoFocus {...form.field('firstName')} />
        <TextField label={t('auth.lastName')} autoComplete="family-name" {...form.field('lastName')} />
        <TextField
          label={t('auth.username')}
          autoComplete="username"
          {...usernameField}
          error={usernameField.error || taken}
          helperText={usernameHelper}
          slotProps={{ htmlInput: { 'data-testid': 'signup-username' } }}
        />
        <Button type="submit" variant="contained" size="large" loading={busy} disabled={busy} data-testid="signup-finish">
          {t('auth.finish')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
