import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import type { Answer } from '../../../api/sdk';
import { FilterSelect, PagedTable, usePaging } from '../../../components/PagedTable';
import { ErrorState } from '../../../components/ErrorState';
import { formatDateTime } from '../../../components/dates';

type Row = Answer<'admin_legitimations'>['list'][number];

const STEPS = ['requested', 'in_review', 'registered', 'change', 'legitimated', 'rejected', 'head_quarter', 'legal_representative', 'documents', 'ubo'];

/** `/admin/bank_account_legitimations`: sellers by legitimation step, newest first, with search. */
export default function LegitimationsPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [step, setStep] = useState('');
  const paging = usePaging();
  const params = { ...paging.query, query: query || undefined, filters: step ? { step: [step] } : {} };
  const list = useQuery({
    queryKey: ['admin', 'legitimations', params],
    queryFn: ({ signal }) => adminApi.legitimations(params, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('nav.bankAccountLegitimations')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <TextField size="small" label={t('common.search')} value={query} onChange={(e) => { setQuery(e.target.value); paging.restart(); }} />
        <FilterSelect
          label={t('legitimation.step')}
          value={step}
          onChange={(v) => { setStep(v); paging.restart(); }}
          all={t('legitimation.allSteps')}
          options={STEPS.map((s) => ({ value: s, label: t(`enums.legitimationStep.${s}`) }))}
        />
      </Box>
      {list.isError ? <ErrorState onRetry={() => void list.refetch()} /> : null}
      <PagedTable<Row>
        rows={list.data?.list ?? []}
        rowKey={(r) => r.sellerId}
        loading={list.isFetching}
        empty={t('legitimation.empty')}
        count={list.data?.totalCount}
        {...paging.pager}
        columns={[
          {
            key: 'seller',
            label: t('legitimation.seller'),
            render: (r) => (
              <>
                <Link component={RouterLink} to={`/admin/bank_account_legitimations/${r.sellerId}`}>
                  {r.company || [r.firstName, r.lastName].filter(Boolean).join(' ') || r.username || r.email}
                </Link>
                <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                  {r.email}
                </Typography>
              </>
            ),
          },
          { key: 'type', label: t('profile.fields.businessType'), render: (r) => (r.businessType ? t(`enums.businessType.${r.businessType}`) : t('common.none')) },
          { key: 'step', label: t('legitimation.step'), render: (r) => t(`enums.legitimationStep.${r.step}`) },
          {
            key: 'level',
            label: t('legitimation.level'),
            wide: true,
            render: (r) => (r.verificationLevel ? t(`enums.verificationLevel.${r.verificationLevel}`) : t('common.none')),
          },
          { key: 'submitted', label: t('legitimation.submittedAt'), wide: true, render: (r) => formatDateTime(r.submittedAt) },
        ]}
      />
    </>
  );
}
