import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../api/sdk';
import * as sdk from '../../api/sdk.gen';
import { Money } from '../../components/Money';
import { PagedTable } from '../../components/PagedTable';
import { PayoutPanels, type PayoutSource } from '../../components/PayoutPanels';
import { formatDateTime } from '../../components/dates';
import { TeamOnly } from './useTeam';

type Row = Answer<'team_member_payouts'>['list'][number];
const KEY = ['team', 'payouts'] as const;

const TEAM_PAYOUTS: PayoutSource = {
  queryKey: KEY,
  load: (signal) => sdk.teamMemberPayouts({ signal }),
  save: (settings) => sdk.saveTeamMemberPayoutSettings(settings),
  cashout: () => sdk.teamMemberCashout(),
};

/** `/team_member/payouts`: a sales team member's balance, payout schedule, cashout and payouts (core §2
 * payouts_balance, payouts_settings, payouts on one page). */
export default function TeamPayoutsPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('team.payoutsTitle')}
      </Typography>
      <TeamOnly>
        <Details />
        <PayoutPanels source={TEAM_PAYOUTS} />
        <Payouts />
      </TeamOnly>
    </Stack>
  );
}

function Payouts() {
  const { t } = useTranslation();
  const data = useQuery({ queryKey: KEY, queryFn: ({ signal }) => sdk.teamMemberPayouts({ signal }), refetchInterval: 5000 });
  return (
    <PagedTable<Row>
      label={t('team.payoutsTitle')}
      rows={data.data?.list ?? []}
      rowKey={(r) => r.number}
      loading={data.isPending}
      error={data.error}
      onRetry={() => void data.refetch()}
      empty={t('money.noPayouts')}
      columns={[
        { key: 'date', label: t('money.date'), render: (r) => formatDateTime(r.createdAt) },
        { key: 'kind', label: t('money.kind'), render: (r) => t(`enums.payoutKind.${r.kind}`) },
        { key: 'state', label: t('orders.state'), render: (r) => `${t(`enums.payoutState.${r.state}`)}${r.reason ? ` · ${r.reason}` : ''}` },
        { key: 'iban', label: t('profile.fields.iban'), wide: true, render: (r) => r.iban },
        { key: 'amount', label: t('orders.amount'), align: 'right', render: (r) => <Money amount={r.amount} currency={r.currency} /> },
      ]}
    />
  );
}

/** Before the first payout: the details, bank account and documents it needs, one step away. */
function Details() {
  const { t } = useTranslation();
  const data = useQuery({ queryKey: KEY, queryFn: ({ signal }) => sdk.teamMemberPayouts({ signal }) });
  const reason = data.data?.waitingReason;
  if (reason !== 'not_legitimated' && reason !== 'no_bank_account') return null;
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to="/team_member/profile/edit" color="inherit" data-testid="payout-details">
          {t('publish.payoutDetailsGo')}
        </Button>
      }
    >
      {t('publish.payoutDetails')}
    </Alert>
  );
}
