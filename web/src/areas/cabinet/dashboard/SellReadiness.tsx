import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { missingLink, PROFILE_MODAL_URL } from '../profile/profileForm';
import { profileQueries } from '../profile/queries';

/** What stands between the seller and selling (core §6 canSell), each item linking to where it is done. */
export function SellReadiness() {
  const { t } = useTranslation();
  const leg = useQuery({ ...profileQueries.legitimation(), refetchInterval: (q) => (q.state.data?.canSell ? false : 5000) });
  if (leg.isPending) return <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />;
  const l = leg.data;
  if (!l || l.canSell) return null;
  const severity = l.step === 'rejected' ? 'error' : l.missing.includes('review') ? 'info' : 'warning';
  return (
    <Alert
      severity={severity}
      sx={{ mb: 2 }}
      data-testid="sell-readiness"
      action={
        l.step === 'rejected' ? null : (
          <Button component={RouterLink} to={PROFILE_MODAL_URL} color="inherit" size="small">
            {t('dashboard.finishProfile')}
          </Button>
        )
      }
    >
      {l.step === 'rejected'
        ? t('legitimation.rejected', { reason: l.reason ?? '' })
        : l.step === 'change'
          ? t('legitimation.changes', { reason: l.reason ?? '' })
          : t('dashboard.cannotSell')}
      <List dense disablePadding>
        {l.missing
          .filter((m) => m !== 'rejected')
          .map((m) => (
            <ListItem key={m} disablePadding>
              <ListItemButton component={RouterLink} to={missingLink(m)} sx={{ py: 0 }}>
                <ListItemText primary={t(`legitimation.missing.${m}`)} />
              </ListItemButton>
            </ListItem>
          ))}
      </List>
    </Alert>
  );
}
