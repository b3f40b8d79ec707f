import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../api/sdk';
import * as sdk from '../../api/sdk.gen';
import { Money } from '../../components/Money';
import { PagedTable, usePaging } from '../../components/PagedTable';
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
  const paging = usePaging();
  const rows = useQuery({
    queryKey: ['team', 'transfers', paging.query],
    queryFn: ({ signal }) => sdk.teamMemberTransfers(paging.query, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <PagedTable<Row>
      label={t('team.transfersTitle')}
      rows={rows.data?.list ?? []}
      rowKey={(r) => `${r.at}-${r.kind}-${r.amount}-${r.product}`}
      loading={rows.isFetching && !rows.data}
      error={rows.error}
      onRetry={() => void rows.refetch()}
      count={rows.data?.totalCount}
      {...paging.pager}
      empty={t('team.transfersEmpty')}
      columns={[
        { key: 'date', label: t('money.date'), render: (r) => formatDateTime(r.at) },
        { key: 'kind', label: t('money.kind'), render: (r) => t(`publish.moves.${r.kind}`) },
        { key: 'product', label: t('orders.product'), render: (r) => (r.product ? `${r.product} · ${r.shop}` : '—') },
        { key: 'amount', label: t('orders.amount'), align: 'right', render: (r) => <Money amount={r.amount} currency={r.currency} /> },
      ]}
    />
  );
}
