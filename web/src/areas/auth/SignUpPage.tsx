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
import { SignUpSchema } from '../../api/zod.gen';
import { validateEmail } from '../../lib/validation';
import { fieldProps, rules, useSchemaForm } from '../../lib/zodForm';
import { AuthLayout } from './AuthLayout';
import { peekSignUpDraft, saveSignUpDraft } from './signUpDraft';
import { useAvailability } from './useAvailability';

const SignUpForm = SignUpSchema.pick({ email: true, password: true }).extend({
  email: rules.email(SignUpSchema.shape.email),
  password: rules.newPassword(SignUpSchema.shape.password),
  profileType: SignUpSchema.shape.profileType.unwrap(),
});
type ProfileType = (typeof SignUpForm.shape.profileType.options)[number];

function linkedType(): ProfileType {
  const asked = new URLSearchParams(window.location.search).get('profile_type');
  return asked === 'publisher' || asked === 'network_publisher' || asked === 'team_member' ? asked : 'seller';
}

export default function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = peekSignUpDraft();
  // `?profile_type=publisher`: the publishers' own sign-up link (core §1); `team_member`: an invitation's
  const form = useSchemaForm(SignUpForm, { email: draft?.email ?? '', password: draft?.password ?? '', profileType: draft?.profileType ?? linkedType() });
  const email = (form.watch('email') ?? '').trim();
  const emailCheck = useAvailability(email, validateEmail(email) === null, (value, signal) => sessionApi.checkEmail(value, signal));
  const emailTaken = emailCheck.state === 'done' && !emailCheck.available;

  const emailField = fieldProps(form, 'email', emailCheck.state === 'done' ? t('auth.emailAvailable') : ' ');
  const submit = form.handleSubmit((values) => {
    if (emailTaken) return;
    saveSignUpDraft(values);
    navigate('/users/sign_up/about_you');
  });

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
          helperText={emailTaken ? t('auth.emailTaken') : emailField.helperText}
          slotProps={{ htmlInput: { 'data-testid': 'signup-email' } }}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          {...fieldProps(form, 'password')}
          slotProps={{ htmlInput: { 'data-testid': 'signup-password' } }}
        />
        <FormControl>
          <FormLabel id="profile-type">{t('auth.profileType')}</FormLabel>
          <RadioGroup aria-labelledby="profile-type" value={form.watch('profileType')} onChange={(e) => form.setValue('profileType', e.target.value as ProfileType)}>
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
