import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ACCOUNT_DELETION_KEY, accountDeletionApi } from '../../../api/accountDeletion';

const WIZARD = '/cabinet/settings/account_deletion';

/** On the dashboard: a deactivated account (the shop is offline) or a running request to close it, with the way
 * back to the wizard; a seller who signs in again after deactivating finds the reactivation here. */
export function AccountClosingBanner() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ACCOUNT_DELETION_KEY, queryFn: ({ signal }) => accountDeletionApi.state(signal) });
  const d = q.data;
  if (!d) return null;
  if (d.accountType === 'deactivated') {
    return (
      <Alert
        severity="warning"
        sx={{ mb: 2 }}
        data-testid="account-closing-banner"
        action={
          <Button component={RouterLink} to={WIZARD} color="inherit" size="small">
            {t('accountDeletion.reactivate')}
          </Button>
        }
      >
        {t('accountDeletion.deactivatedBanner')}
      </Alert>
    );
  }
  if (d.canCancel && d.flowKind) {
    return (
      <Alert
        severity="info"
        sx={{ mb: 2 }}
        data-testid="account-closing-banner"
        action={
          <Button component={RouterLink} to={WIZARD} color="inherit" size="small">
            {t('accountDeletion.openWizard')}
          </Button>
        }
      >
        {t(`accountDeletion.runningBanner.${d.flowKind}`)}
      </Alert>
    );
  }
  return null;
}
