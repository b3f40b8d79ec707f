import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageLoader';
import { AuthLayout } from './AuthLayout';
import { useAfterSignIn } from './useSignedIn';

interface Props {
  /** The query parameter that carries the mailed token. */
  param: string;
  /** Spends the token for session tokens. */
  exchange: (token: string) => Promise<unknown>;
  titleKey: string;
  failedKey: string;
  fallback: { to: string; labelKey: string };
  aboutYouIfIncomplete?: boolean;
  testId?: string;
}

/** A page opened from a mailed link: spends its one-time token once, then signs in (or explains why not). */
export function TokenExchangePage({ param, exchange, titleKey, failedKey, fallback, aboutYouIfIncomplete, testId }: Props) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get(param);
  const [failed, setFailed] = useState(false);
  const afterSignIn = useAfterSignIn();
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    exchange(token)
      .then(() => afterSignIn({ aboutYouIfIncomplete }))
      .catch(() => setFailed(true));
  }, [token, exchange, afterSignIn, aboutYouIfIncomplete]);

  return (
    <AuthLayout title={t(titleKey)}>
      {!token || failed ? (
        <Stack spacing={2}>
          <Alert severity="error" data-testid={testId}>
            {token ? t(failedKey) : t('auth.missingToken')}
          </Alert>
          <Link component={RouterLink} to={fallback.to}>
            {t(fallback.labelKey)}
          </Link>
        </Stack>
      ) : (
        <PageLoader minHeight={120} />
      )}
    </AuthLayout>
  );
}
