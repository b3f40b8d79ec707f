import { useLayoutEffect, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setActingSeller } from '../../api/acting';
import { useCurrentUser } from '../../app/useCurrentUser';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';

/** A page of a team member's own work: before they accepted an invitation (and so hold no team role), the way to
 * their invitations instead. */
export function TeamOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  if (me.isPending) return <PageLoader />;
  const types = me.data?.profileTypes ?? [];
  if (!types.includes('team_member') && !types.includes('sales_team_member')) {
    return (
      <Paper>
        <EmptyState title={t('team.notYet')}>
          <Button component={RouterLink} to="/team_member/invites" variant="contained" data-testid="to-invites">
            {t('team.seeInvites')}
          </Button>
        </EmptyState>
      </Paper>
    );
  }
  return <>{children}</>;
}

/**
 * Works for `seller` (a seller's id: their cabinet's calls name them) or for nobody (null: the team member's own
 * pages); what was loaded for another seller is dropped before the page asks again. Renders once it is set.
 */
export function useActingFor(seller: number | null): boolean {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  useLayoutEffect(() => {
    if (setActingSeller(seller)) queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    setReady(true);
  }, [seller, queryClient]);
  return ready;
}
