import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../i18n/languages';
import { useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import * as sdk from '../../api/sdk.gen';
import { ErrorState } from '../../components/ErrorState';
import { RequireAuth } from '../auth/RequireAuth';

/** `/v/{username}/{path}`: a membership's page, built by the seller, for its members once they signed in for the
 * shop. The page comes rendered from the server and is shown in a frame of its own (no script runs in it). */
export default function MembershipAreaPage() {
  const { username = '' } = useParams();
  return (
    <RequireAuth profile="payer" signInPath={`/s/${encodeURIComponent(username)}/sign_in`}>
      <MembershipFrame />
    </RequireAuth>
  );
}

function MembershipFrame() {
  const { t, i18n } = useTranslation();
  const { username = '', path = '' } = useParams();
  const lang = languageOf(i18n.language).code;
  const page = useQuery({
    queryKey: ['membership-page', username, path, lang],
    queryFn: ({ signal }) => sdk.membershipPage(username, path, { lang }, { signal, suppressErrors: true }) as unknown as Promise<string>,
    retry: false,
  });
  if (page.isPending) return <Skeleton variant="rectangular" height="100vh" />;
  if (page.isError) {
    const e = page.error instanceof ApiError ? page.error : null;
    if (e?.status === 403 || e?.status === 404) {
      const key = e.status === 404 ? 'notFound' : e.reason === 'membership_closed' ? 'closed' : 'notMember';
      return (
        <Box sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
          <Alert severity={e.status === 404 ? 'info' : 'warning'} data-testid="membership-refused" action={<Button href={`/s/${encodeURIComponent(username)}`}>{t('membership.toShop')}</Button>}>
            {t(`membership.${key}`)}
          </Alert>
        </Box>
      );
    }
    return <ErrorState error={page.error} onRetry={() => void page.refetch()} />;
  }
  return (
    <Box
      component="iframe"
      title={t('membership.title')}
      srcDoc={page.data}
      sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
      data-testid="membership-page"
      sx={{ display: 'block', width: '100%', height: '100vh', border: 0 }}
    />
  );
}
