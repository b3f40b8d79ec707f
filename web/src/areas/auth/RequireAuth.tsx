import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Navigate, useLocation, Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { saveReferer } from '../../api/tokens';
import type { ProfileType } from '../../api/types';
import { homeFor, useCurrentUser } from '../../app/useCurrentUser';
import { useTokens } from '../../app/useTokens';
import { ErrorState } from '../../components/ErrorState';
import { PageLoader } from '../../components/PageLoader';

/**
 * Guards a protected area. Without a session the original URL is saved as referer and the user goes
 * to sign-in; sign-in returns there. With `profile`, the user must hold that profile type.
 */
export function RequireAuth({
  profile,
  signInPath = '/users/sign_in',
  children,
}: {
  profile?: ProfileType;
  /** Where a visitor without a session signs in (a payer: the seller's own sign-in page). */
  signInPath?: string;
  children: ReactNode;
}) {
  const tokens = useTokens();
  const location = useLocation();
  const me = useCurrentUser();
  const { t } = useTranslation();

  if (!tokens) {
    saveReferer(location.pathname + location.search + location.hash);
    return <Navigate to={signInPath} replace />;
  }
  if (me.isPending) return <PageLoader minHeight="60vh" />;
  if (me.isError) {
    return (
      <Box sx={{ p: 4 }}>
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      </Box>
    );
  }
  if (profile === 'seller' && !me.data.profileTypes.includes(profile) && new URLSearchParams(location.search).has('shared_theme_token')) {
    // a shared theme's link opened by someone without a seller profile: the become-seller modal
    return (
      <Dialog open aria-labelledby="become-seller-title" data-testid="become-seller">
        <DialogTitle id="become-seller-title">{t('builder.shared.becomeSeller')}</DialogTitle>
        <DialogContent>{t('builder.shared.becomeSellerBody')}</DialogContent>
        <DialogActions>
          <Button component={RouterLink} to={homeFor(me.data)}>
            {t('common.cancel')}
          </Button>
          <Button component={RouterLink} to="/users/sign_up" variant="contained">
            {t('builder.shared.signUp')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  if (profile && !me.data.profileTypes.includes(profile)) {
    return (
      <Box sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
        <Alert
          severity="warning"
          data-testid="forbidden"
          action={
            <Button component={RouterLink} to={homeFor(me.data)} color="inherit">
              {t('common.home')}
            </Button>
          }
        >
          <AlertTitle>{t('common.forbidden')}</AlertTitle>
          {t('common.forbiddenBody', { profile })}
        </Alert>
      </Box>
    );
  }
  return <>{children}</>;
}
