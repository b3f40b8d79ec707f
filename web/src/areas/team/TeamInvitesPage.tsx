import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../api/sdk';
import * as sdk from '../../api/sdk.gen';
import { toast } from '../../app/notify';
import { sessionKeys } from '../../app/queries';
import { useCurrentUser } from '../../app/useCurrentUser';
import { sessionApi } from '../../api/session';
import { listed, PagedTable } from '../../components/PagedTable';
import { formatDateTime } from '../../components/dates';
import { percent } from '../publish/usePublisher';
import { Page } from '../../components/Page';

type Row = Answer<'team_invites'>['list'][number];
const KEY = ['team', 'invites'] as const;

/** `/team_member/invites`: the invitations sent to the signed-in user's address, answered here, and the teams they
 * belong to (any signed-in user may look: accepting is what makes them a team member). */
export default function TeamInvitesPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const rows = useQuery({ queryKey: KEY, queryFn: ({ signal }) => sdk.teamInvites({ signal }) });
  const me = useCurrentUser().data;
  // an invitation is for whoever owns the address: accepting waits for its confirmation, so say so first
  const unconfirmed = me != null && !me.confirmed && (rows.data?.list ?? []).some((r) => r.state === 'invited');
  const resend = useMutation({
    mutationFn: () => sessionApi.resendConfirmation(me?.email ?? ''),
    onSuccess: () => toast(t('team.confirmSent', { email: me?.email ?? '' }), 'success'),
  });
  const answer = useMutation({
    mutationFn: ({ row, action }: { row: Row; action: 'accept' | 'decline' | 'leave' }) =>
      action === 'accept' ? sdk.acceptTeamInvite(row.id) : action === 'decline' ? sdk.declineTeamInvite(row.id) : sdk.leaveTeam(row.id),
    onSuccess: (_d, { action }) => {
      toast(t(`team.done.${action}`), 'success');
      void queryClient.invalidateQueries({ queryKey: ['team'] });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me() }); // accepting adds a profile
    },
  });
  return (
    <Page title={t('team.invitesTitle')}>
      {unconfirmed ? (
        <Alert
          severity="warning"
          data-testid="confirm-first"
          action={
            <Button color="inherit" size="small" disabled={resend.isPending || resend.isSuccess} onClick={() => resend.mutate()} data-testid="resend-confirmation">
              {t('team.resendConfirmation')}
            </Button>
          }
        >
          {t('team.confirmFirst', { email: me?.email ?? '' })}
        </Alert>
      ) : null}
      <PagedTable<Row>
        label={t('team.invitesTitle')}
        {...listed(rows)}
        rowKey={(r) => r.id}
        empty={t('team.invitesEmpty')}
        columns={[
          { key: 'shop', label: t('team.shop'), render: (r) => r.sellerName || r.shop },
          {
            key: 'role',
            label: t('team.role'),
            render: (r) => (r.role === 'sales_team_member' ? `${t(`enums.teamRole.${r.role}`)} · ${percent(r.feeBp, i18n.language)}` : t(`enums.teamRole.${r.role}`)),
          },
          { key: 'state', label: t('orders.state'), render: (r) => <Chip size="small" color={r.state === 'active' ? 'success' : r.state === 'invited' ? 'info' : 'default'} label={t(`enums.teamState.${r.state}`)} /> },
          { key: 'date', label: t('team.invitedAt'), wide: true, render: (r) => formatDateTime(r.invitedAt) },
          {
            key: 'actions',
            label: t('common.actions'),
            align: 'right',
            render: (r) =>
              r.state === 'invited' ? (
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  <Button size="small" variant="contained" disabled={answer.isPending || unconfirmed} onClick={() => answer.mutate({ row: r, action: 'accept' })} data-testid="accept-invite" title={unconfirmed ? t('team.confirmFirstShort') : undefined}>
                    {t('team.accept')}
                  </Button>
                  <Button size="small" disabled={answer.isPending} onClick={() => answer.mutate({ row: r, action: 'decline' })}>
                    {t('team.decline')}
                  </Button>
                </Stack>
              ) : r.state === 'active' ? (
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  {r.role === 'team_member' ? (
                    <Button size="small" variant="outlined" component={RouterLink} to={`/team_member/sellers/${r.sellerId}`}>
                      {t('team.openCabinet')}
                    </Button>
                  ) : null}
                  <Button size="small" color="error" disabled={answer.isPending} onClick={() => answer.mutate({ row: r, action: 'leave' })}>
                    {t('team.leave')}
                  </Button>
                </Stack>
              ) : null,
          },
        ]}
      />
    </Page>
  );
}
