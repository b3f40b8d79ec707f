import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../api/sdk';
import * as sdk from '../../api/sdk.gen';
import { Money } from '../../components/Money';
import { PayeeTable } from '../../components/PayeeTable';
import { formatDateTime } from '../../components/dates';
import { TeamOnly } from './useTeam';

type Row = Answer<'team_member_transfers'>['list'][number];

/** `/team_member/transfers`: every movement of a sales team member's money, newest first. */
export default function TeamTransfersPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('team.transfersTitle')}
      </Typography>
      <TeamOnly>
        <Transfers />
      </TeamOnly>
    </Stack>
  );
}

function Transfers() {
  const { t } = useTranslation();
  return (
    <PayeeTable<Row>
      queryKey={['team', 'transfers']}
      fetch={(query, signal) => sdk.teamMemberTransfers(query, { signal })}
      rowKey={(r) => `${r.at}-${r.kind}-${r.amount}-${r.product}`}
      empty={t('team.transfersEmpty')}
      label={t('team.transfersTitle')}
      columns={[
        { key: 'date', label: t('money.date'), render: (r) => formatDateTime(r.at) },
        { key: 'kind', label: t('money.kind'), render: (r) => t(`publish.moves.${r.kind}`) },
        { key: 'product', label: t('orders.product'), render: (r) => (r.product ? `${r.product} · ${r.shop}` : '—') },
        { key: 'amount', label: t('orders.amount'), align: 'right', render: (r) => <Money amount={r.amount} currency={r.currency} /> },
      ]}
    />
  );
}
