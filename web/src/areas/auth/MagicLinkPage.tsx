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

/** `/users/magic_link?token=…`: exchanges the mailed token for session tokens. */
export default function MagicLinkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [failed, setFailed] = useState(false);
  const afterSignIn = useAfterSignIn();
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    sessionApi
      .magicLink(token)
      .then(() => afterSignIn())
      .catch(() => setFailed(true));
  }, [token, afterSignIn]);

  return (
    <AuthLayout title={t('auth.magicLinkSigningIn')}>
      {!token || failed ? (
        <Stack spacing={2}>
          <Alert severity="error">{token ? t('auth.magicLinkFailed') : t('auth.missingToken')}</Alert>
          <Link component={RouterLink} to="/users/sign_in">
            {t('common.signIn')}
          </Link>
        </Stack>
      ) : (
        <PageLoader minHeight={120} />
      )}
    </AuthLayout>
  );
}
