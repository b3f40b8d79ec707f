import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenIcon from '@mui/icons-material/OpenInNew';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../api/sdk.gen';
import { CopyButton } from '../../components/CopyButton';
import { EmptyState } from '../../components/EmptyState';
import { Figures } from '../../components/Figures';
import { ErrorState } from '../../components/ErrorState';
import { useMoney } from '../../components/Money';
import { percent } from '../publish/usePublisher';
import { TeamOnly } from './useTeam';
import { guardedPage } from '../../components/Page';

function Home() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const data = useQuery({ queryKey: ['team', 'overview'], queryFn: ({ signal }) => sdk.teamMemberOverview({ signal }) });
  if (data.isPending) return <Skeleton variant="rounded" height={320} />;
  if (data.isError) return <ErrorState error={data.error} onRetry={() => void data.refetch()} />;
  const d = data.data;
  const sells = d.teams.some((x) => x.role === 'sales_team_member');
  return (
    <>
      {sells ? (
        <Figures
          items={[
            { label: t('money.available'), value: money(d.available, d.currency), testId: 'team-available' },
            { label: t('money.held'), value: money(d.held, d.currency), testId: 'team-held' },
            { label: t('team.earned'), value: money(d.earned, d.currency), testId: 'team-earned' },
            { label: t('team.sold'), value: String(d.orders), testId: 'team-orders' },
          ]}
        />
      ) : null}
      <Paper>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, px: 2, pt: 2 }}>
          {t('team.teamsTitle')}
        </Typography>
        {d.teams.length === 0 ? (
          <EmptyState title={t('team.noTeams')}>
            <Button component={RouterLink} to="/team_member/invites" variant="contained" data-testid="to-invites">
              {t('team.seeInvites')}
            </Button>
          </EmptyState>
        ) : (
          <Stack>
            {d.teams.map((x) => (
              <Stack
                key={x.id}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ p: 2, borderTop: '1px solid', borderColor: 'divider', alignItems: { sm: 'center' } }}
                data-testid="team-row"
              >
                <Stack sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{x.sellerName || x.shop}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {x.role === 'sales_team_member' ? t('team.feeOf', { fee: percent(x.feeBp, i18n.language) }) : t('team.worksIn')}
                  </Typography>
                </Stack>
                <Chip size="small" label={t(`enums.teamRole.${x.role}`)} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }} />
                {x.role === 'team_member' ? (
                  <Button component={RouterLink} to={`/team_member/sellers/${x.sellerId}`} variant="contained" endIcon={<OpenIcon />} data-testid="open-cabinet">
                    {t('team.openCabinet')}
                  </Button>
                ) : x.link ? (
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="sales-link">
                      {`${window.location.origin}${x.link}`}
                    </Typography>
                    <CopyButton text={`${window.location.origin}${x.link}`} label={t('team.salesLink')} />
                  </Stack>
                ) : null}
              </Stack>
            ))}
          </Stack>
        )}
      </Paper>
    </>
  );
}

/** `/team_member`: the sellers the team member works or sells for, and a sales team member's money. */
export default guardedPage('team.homeTitle', TeamOnly, Home);
