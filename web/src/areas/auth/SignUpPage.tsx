import type { FormEvent } from 'react';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sessionApi } from '../../api/session';
import { validateEmail, validatePassword } from '../../lib/validation';
import { AuthLayout } from './AuthLayout';
import { useFields } from './fields';
import { peekSignUpDraft, saveSignUpDraft } from './signUpDraft';
import { useAvailability } from './useAvailability';

const TYPES = ['seller', 'payer', 'publisher', 'network_publisher', 'team_member'] as const;

function linkedType(): (typeof TYPES)[number] {
  const asked = new URLSearchParams(window.location.search).get('profile_type');
  return asked === 'publisher' || asked === 'network_publisher' || asked === 'team_member' ? asked : 'seller';
}

export default function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = peekSignUpDraft();
  const form = useFields(
    // `?profile_type=publisher`: the publishers' own sign-up link (core §1); `team_member`: an invitation's
    { email: draft?.email ?? '', password: draft?.password ?? '', profileType: draft?.profileType ?? linkedType() },
    { email: validateEmail, password: validatePassword },
  );
  const email = form.values.email.trim();
  const emailCheck = useAvailability(email, validateEmail(email) === null, (value, signal) => sessionApi.checkEmail(value, signal));
  const emailTaken = emailCheck.state === 'done' && !emailCheck.available;

  const emailField = form.field('email');
  const emailHelper = emailTaken
    ? t('auth.emailTaken')
    : emailField.error
      ? emailField.helperText
      : emailCheck.state === 'done'
        ? t('auth.emailAvailable')
        : ' ';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.validate() || emailTaken) return;
    saveSignUpDraft({
      email,
      password: form.values.password,
      profileType: TYPES.find((x) => x === form.values.profileType) ?? 'seller',
    });
    navigate('/users/sign_up/about_you');
  };

  return (
    <AuthLayout title={t('auth.signUpTitle')}>
      <Stack component="form" noValidate onSubmit={submit} spacing={1}>
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          autoFocus
          {...emailField}
          error={emailField.error || emailTaken}
          helperText={emailHelper}
          slotProps={{ htmlInput: { 'data-testid': 'signup-email' } }}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          {...form.field('password')}
          slotProps={{ htmlInput: { 'data-testid': 'signup-password' } }}
        />
        <FormControl>
          <FormLabel id="profile-type">{t('auth.profileType')}</FormLabel>
          <RadioGroup aria-labelledby="profile-type" value={form.values.profileType} onChange={(e) => form.set('profileType', e.target.value)}>
            <FormControlLabel value="seller" control={<Radio />} label={t('auth.profileSeller')} />
            <FormControlLabel value="payer" control={<Radio />} label={t('auth.profilePayer')} />
            <FormControlLabel value="publisher" control={<Radio />} label={t('auth.profilePublisher')} data-testid="signup-publisher" />
            <FormControlLabel value="team_member" control={<Radio />} label={t('auth.profileTeamMember')} data-testid="signup-team-member" />
            {/* the affiliate networks' own sign-up route (core §1): offered where its link leads */}
            {linkedType() === 'network_publisher' ? (
              <FormControlLabel value="network_publisher" control={<Radio />} label={t('auth.profileNetwork')} data-testid="signup-network" />
            ) : null}
          </RadioGroup>
        </FormControl>
        <Button type="submit" variant="contained" size="large" data-testid="signup-submit">
          {t('auth.signUpButton')}
        </Button>
        <Link component={RouterLink} to="/users/sign_in" sx={{ pt: 1 }}>
          {t('auth.haveAccount')}
        </Link>
      </Stack>
    </AuthLayout>
  );
}
