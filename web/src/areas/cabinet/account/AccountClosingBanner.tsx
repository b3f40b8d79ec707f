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
  const deactivated = d.accountType === 'deactivated';
  if (!deactivated && !(d.canCancel && d.flowKind)) return null;
  return (
    <Alert
      severity={deactivated ? 'warning' : 'info'}
      sx={{ mb: 2 }}
      data-testid="account-closing-banner"
      action={
        <Button component={RouterLink} to={WIZARD} color="inherit" size="small">
          {t(deactivated ? 'accountDeletion.reactivate' : 'accountDeletion.openWizard')}
        </Button>
      }
    >
      {deactivated ? t('accountDeletion.deactivatedBanner') : t(`accountDeletion.runningBanner.${d.flowKind}`)}
    </Alert>
  );
}
