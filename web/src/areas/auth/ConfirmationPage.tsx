import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sessionApi } from '../../api/session';
import { PageLoader } from '../../components/PageLoader';
import { AuthLayout } from './AuthLayout';
import { useAfterSignIn } from './useSignedIn';

/** `/users/confirmation?confirmation_token=…`: confirms the account, which also signs in. */
export default function ConfirmationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('confirmation_token');
  const [failed, setFailed] = useState(false);
  const afterSignIn = useAfterSignIn();
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    sessionApi
      .confirm(token)
      .then(() => afterSignIn({ aboutYouIfIncomplete: true }))
      .catch(() => setFailed(true));
  }, [token, afterSignIn]);

  return (
    <AuthLayout title={t('auth.confirming')}>
      {!token || failed ? (
        <Stack spacing={2}>
          <Alert severity="error" data-testid="confirmation-error">
            {token ? t('auth.confirmFailed') : t('auth.missingToken')}
          </Alert>
          <Link component={RouterLink} to="/users/confirmation/new">
            {t('auth.resendConfirmation')}
          </Link>
        </Stack>
      ) : (
        <PageLoader minHeight={120} />
      )}
    </AuthLayout>
  );
}
