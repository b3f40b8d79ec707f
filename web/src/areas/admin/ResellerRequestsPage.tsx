import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../api/sdk';
import * as sdk from '../../api/sdk.gen';
import { ResellerDecisionInSchema } from '../../api/zod.gen';
import { ReasonDialog } from '../../components/ReasonDialog';
import { toast } from '../../app/notify';
import { listed, PagedTable, usePaging } from '../../components/PagedTable';
import { formatDateTime } from '../../components/dates';
import { Page } from '../../components/Page';

type Row = Answer<'reseller_requests'>['list'][number];

/** `/admin/reseller_requests`: the sellers' requests to sell through the platform as reseller, waiting first. */
export default function ResellerRequestsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const rows = useQuery({
    queryKey: ['admin', 'reseller_requests', paging.query],
    queryFn: ({ signal }) => sdk.resellerRequests(paging.query, { signal }),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: ({ row, approve, reason }: { row: Row; approve: boolean; reason?: string }) => sdk.decideResellerRequest(row.id, { approve, reason: reason ?? null }),
    onSuccess: (_d, v) => {
      toast(t(v.approve ? 'reseller.approvedToast' : 'reseller.rejectedToast'), 'success');
      setRejecting(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'reseller_requests'] });
    },
  });
  return (
    <Page title={t('reseller.adminTitle')}>
      <PagedTable<Row>
        label={t('reseller.adminTitle')}
        {...listed(rows)}
        rowKey={(r) => r.id}
        count={rows.data?.totalCount}
        {...paging.pager}
        empty={t('reseller.noRequests')}
        columns={[
          { key: 'date', label: t('money.date'), render: (r) => formatDateTime(r.createdAt) },
          { key: 'shop', label: t('team.shop'), render: (r) => `${r.username} · ${r.email}` },
          { key: 'message', label: t('reseller.message'), wide: true, render: (r) => r.message || '—' },
          { key: 'state', label: t('orders.state'), render: (r) => t(`enums.resellerRequestState.${r.state}`) },
          {
            key: 'actions',
            label: t('common.actions'),
            align: 'right',
            render: (r) =>
              r.state === 'waiting' ? (
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  <Button size="small" variant="contained" disabled={decide.isPending} onClick={() => decide.mutate({ row: r, approve: true })} data-testid="approve-reseller">
                    {t('reseller.approve')}
                  </Button>
                  <Button size="small" color="error" onClick={() => setRejecting(r)}>
                    {t('reseller.reject')}
                  </Button>
                </Stack>
              ) : (
                r.reason || null
              ),
          },
        ]}
      />
      {rejecting ? (
        <ReasonDialog
          title={t('reseller.reject')}
          intro={<Typography variant="body2">{rejecting.username}</Typography>}
          label={t('reseller.reason')}
          field={ResellerDecisionInSchema.shape.reason.unwrap().unwrap()}
          confirm={t('reseller.reject')}
          busy={decide.isPending}
          onConfirm={(reason) => decide.mutate({ row: rejecting, approve: false, reason })}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </Page>
  );
}

