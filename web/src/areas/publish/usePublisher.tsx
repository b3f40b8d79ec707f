import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/useCurrentUser';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';

/** A page of the publisher's own work: before they joined a program (and so hold no publisher profile), the way to
 * the marketplace instead. */
export function PublisherOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  if (me.isPending) return <PageLoader />;
  if (!me.data?.profileTypes.includes('publisher')) {
    return (
      <Paper>
        <EmptyState title={t('publish.notYet')}>
          <Button component={RouterLink} to="/publish/affiliate_marketplace" variant="contained" data-testid="to-marketplace">
            {t('publish.findPrograms')}
          </Button>
        </EmptyState>
      </Paper>
    );
  }
  return <>{children}</>;
}

/** A rate in basis points as a percentage in the reader's language ("20 %", "12,5 %"). */
export function percent(bp: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);
}
