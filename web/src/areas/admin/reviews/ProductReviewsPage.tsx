import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import { ReviewInSchema } from '../../../api/zod.gen';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { ApiError } from '../../../api/errors';
import type { Answer } from '../../../api/sdk';
import { toast } from '../../../app/notify';
import { FilterSelect, listed, PagedTable, usePaging } from '../../../components/PagedTable';
import { useMoney } from '../../../components/Money';
import { StatusChip } from '../../../components/StatusChip';
import { formatDateTime } from '../../../components/dates';

type Row = Answer<'product_reviews'>['list'][number];
const STATES = ['in_review', 'reviewed', 'rejected', 'not_for_review', 'free'] as const;

/** `/admin/product_reviews`: the platform's product review. Products waiting (in review) come first; a manager
 * opens the product page, marks it reviewed, or rejects it with a note its seller is mailed. */
export default function ProductReviewsPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const qc = useQueryClient();
  const [query, setQuery] = useState('');
  const [state, setState] = useState('in_review');
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const paging = usePaging();
  const params = { ...paging.query, query: query || undefined, filters: state ? { review_state: [state] } : {}, sort_dir: 'asc' as const };
  const list = useQuery({
    queryKey: ['admin', 'productReviews', params],
    queryFn: ({ signal }) => adminApi.productReviews(params, signal),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: ({ row, decision, text }: { row: Row; decision: 'reviewed' | 'rejected'; text?: string }) => adminApi.decideReview(row.id, { decision, note: text ?? null }),
    onSuccess: (_, v) => {
      toast(t(v.decision === 'reviewed' ? 'reviews.approved' : 'reviews.rejectedToast', { name: v.row.name }), 'success');
      setRejecting(null);
      void qc.invalidateQueries({ queryKey: ['admin', 'productReviews'] });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409) {
        toast(t('reviews.alreadyDecided'), 'info');
        setRejecting(null);
        void qc.invalidateQueries({ queryKey: ['admin', 'productReviews'] });
      } else toast(t('toast.error'), 'error');
    },
  });
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('nav.productReviews')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <TextField size="small" label={t('common.search')} value={query} onChange={(e) => { setQuery(e.target.value); paging.restart(); }} />
        <FilterSelect
          label={t('reviews.state')}
          value={state}
          onChange={(v) => { setState(v); paging.restart(); }}
          all={t('reviews.allStates')}
          options={STATES.map((s) => ({ value: s, label: t(`enums.reviewState.${s}`) }))}
        />
      </Box>
      <PagedTable<Row>
        {...listed(list, true)}
        rowKey={(r) => r.id}
        empty={t('reviews.empty')}
        count={list.data?.totalCount}
        label={t('nav.productReviews')}
        {...paging.pager}
        columns={[
          {
            key: 'product',
            label: t('reviews.product'),
            render: (r) => (
              <>
                {r.shopUrl && r.publication === 'published' ? (
                  <Link href={r.shopUrl} target="_blank" rel="noopener" sx={{ fontWeight: 600 }}>
                    {r.name}
                  </Link>
                ) : (
                  <Typography sx={{ fontWeight: 600 }}>{r.name}</Typography>
                )}
                <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                  {t(`products.forms.${r.form}`)} · {r.isFree ? t('products.free') : money(r.price, r.currency)}
                </Typography>
              </>
            ),
          },
          {
            key: 'seller',
            label: t('legitimation.seller'),
            render: (r) => (
              <>
                {r.username ?? r.email}
                <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                  {r.email}
                  {r.powerSeller ? ` · ${t('reviews.powerSeller')}` : ''}
                </Typography>
              </>
            ),
          },
          { key: 'publication', label: t('products.state'), render: (r) => <StatusChip state={r.publication} /> },
          {
            key: 'review',
            label: t('reviews.state'),
            wide: true,
            render: (r) => (
              <>
                {t(`enums.reviewState.${r.reviewState}`)}
                {r.reviewNote ? (
                  <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                    {r.reviewNote}
                  </Typography>
                ) : null}
              </>
            ),
          },
          { key: 'updated', label: t('products.updated'), wide: true, render: (r) => formatDateTime(r.updatedAt) },
          {
            key: 'actions',
            label: t('common.actions'),
            render: (r) =>
              r.reviewState === 'in_review' ? (
                <Stack direction="row" spacing={1}>
                  <Button size="small" variant="contained" onClick={() => decide.mutate({ row: r, decision: 'reviewed' })} disabled={decide.isPending} data-testid={`approve-${r.id}`}>
                    {t('reviews.approve')}
                  </Button>
                  <Button size="small" color="error" onClick={() => setRejecting(r)} data-testid={`reject-${r.id}`}>
                    {t('reviews.reject')}
                  </Button>
                </Stack>
              ) : null,
          },
        ]}
      />
      {rejecting ? (
        <ReasonDialog
          title={t('reviews.rejectTitle', { name: rejecting.name })}
          label={t('reviews.note')}
          help={t('reviews.noteHelp')}
          field={ReviewInSchema.shape.note.unwrap().unwrap()}
          confirm={t('reviews.reject')}
          busy={decide.isPending}
          onConfirm={(text) => decide.mutate({ row: rejecting, decision: 'rejected', text })}
          onClose={() => setRejecting(null)}
          testIds={{ text: 'reject-note', confirm: 'reject-confirm' }}
        />
      ) : null}
    </>
  );
}
