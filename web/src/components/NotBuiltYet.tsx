import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';

export function NotBuiltYet({ area }: { area: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {area}
      </Typography>
      <Paper data-testid="not-built-yet">
        <EmptyState icon={<ConstructionIcon />} title={t('common.notBuiltYet')}>
          <Typography variant="body2">{t('common.notBuiltYetBody', { area })}</Typography>
        </EmptyState>
      </Paper>
    </>
  );
}
