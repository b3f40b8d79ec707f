import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { adminApi } from '../../api/admin';
import type { Answer } from '../../api/sdk';
import { FilteredTable } from '../../components/FilteredTable';
import { Money } from '../../components/Money';
import { formatDateTime } from '../../components/dates';
import type { FilterDef } from '../../lib/filterDefs';
import { LIST_DEFAULTS, useListView, useTotalSync } from '../../lib/useListView';

type Row = Answer<'incoming_transfers'>['list'][number];

/** `/admin/incoming_transfers`: every transfer the bank reported to the collection account (bank wires, invoices
 * paid later), matched to its order or unmatched, which a person pays back. */
export default function IncomingTransfersPage() {
  const { t } = useTranslation();
  const defs = useMemo<FilterDef[]>(
    () => [
      { key: 'created', type: 'relative_date_range', label: t('incoming.received') },
      { key: 'state', type: 'single_select', label: t('incoming.state'), inline: true, options: ['unmatched', 'received'].map((s) => ({ value: s, label: t(`incoming.states.${s}`) })) },
      { key: 'amount', type: 'number_range', label: t('orders.amount'), scale: 100 },
    ],
    [t],
  );
  const view = useListView(LIST_DEFAULTS, defs);
  const list = useQuery({
    queryKey: ['admin', 'incomingTransfers', view.apiQuery],
    queryFn: ({ signal }) => adminApi.incomingTransfers(view.apiQuery, signal),
    placeholderData: keepPreviousData,
  });
  useTotalSync(view.list.syncTotal, list.data?.totalCount, list.isPlaceholderData);
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('nav.incomingTransfers')}
      </Typography>
      <FilteredTable<Row>
        view={view}
        defs={defs}
        list={list}
        searchPlaceholder={t('incoming.search')}
        csv="/v1/admin/incoming_transfers/csv"
        empty={t('incoming.empty')}
        rowKey={(r) => r.id}
        columns={[
          { key: 'date', label: t('incoming.received'), render: (r) => formatDateTime(r.createdAt) },
          { key: 'payer', label: t('incoming.payer'), render: (r) => (
            <>
              {r.payerName ?? t('common.none')}
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', fontFamily: 'monospace' }}>
                {r.payerIban ?? ''}
              </Typography>
            </>
          ) },
          { key: 'reference', label: t('incoming.reference'), wide: true, render: (r) => r.reference },
          { key: 'order', label: t('incoming.order'), render: (r) => (r.orderToken ? <Link component={RouterLink} to={`/admin/ops?token=${encodeURIComponent(r.orderToken)}`}>{r.orderToken}</Link> : t('common.none')) },
          { key: 'state', label: t('incoming.state'), render: (r) => <Chip size="small" color={r.state === 'unmatched' ? 'warning' : 'success'} label={t(`incoming.states.${r.state}`)} /> },
          { key: 'amount', label: t('orders.amount'), align: 'right', render: (r) => <Money amount={r.amount} currency={r.currency} /> },
          { key: 'returned', label: t('incoming.returned'), align: 'right', render: (r) => (r.returnedAmount ? <Money amount={r.returnedAmount} currency={r.currency} /> : t('common.none')) },
        ]}
      />
    </>
  );
}
