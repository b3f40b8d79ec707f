import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import type { Answer } from '../../../api/sdk';
import { FilterSelect, PagedTable, usePaging } from '../../../components/PagedTable';
import { ErrorState } from '../../../components/ErrorState';
import { formatDateTime } from '../../../components/dates';

type Row = Answer<'admin_bank_accounts'>['list'][number];

const GROUPS = ['activated', 'pending', 'rejected'];

/** `/admin/bank_accounts`: every seller's bank account by state group (core §4), with search (name, e-mail, IBAN). */
export default function BankAccountsPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [group, setGroup] = useState('');
  const paging = usePaging();
  const params = { ...paging.query, query: query || undefined, filters: group ? { group: [group] } : {} };
  const list = useQuery({
    queryKey: ['admin', 'bankAccounts', params],
    queryFn: ({ signal }) => adminApi.bankAccounts(params, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('nav.bankAccounts')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <TextField size="small" label={t('common.search')} value={query} onChange={(e) => { setQuery(e.target.value); paging.restart(); }} />
        <FilterSelect
          label={t('legitimation.group')}
          value={group}
          onChange={(v) => { setGroup(v); paging.restart(); }}
          all={t('legitimation.allGroups')}
          options={GROUPS.map((g) => ({ value: g, label: t(`legitimation.groups.${g}`) }))} minWidth={200}
        />
      </Box>
      {list.isError ? <ErrorState onRetry={() => void list.refetch()} /> : null}
      <PagedTable<Row>
        rows={list.data?.list ?? []}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        empty={t('legitimation.noBankAccounts')}
        count={list.data?.totalCount}
        {...paging.pager}
        columns={[
          {
            key: 'holder',
            label: t('profile.fields.holder'),
            render: (r) => (
              <>
                {r.holder}
                <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                  {r.username ?? r.email}
                </Typography>
              </>
            ),
          },
          { key: 'iban', label: t('profile.fields.iban'), render: (r) => `${r.iban} · ${r.bic}` },
          { key: 'kind', label: t('profile.fields.kind'), wide: true, render: (r) => t(`enums.bankAccountType.${r.kind}`) },
          { key: 'state', label: t('legitimation.state'), render: (r) => t(`enums.bankAccountState.${r.state}`) },
          { key: 'created', label: t('legitimation.createdAt'), wide: true, render: (r) => formatDateTime(r.createdAt) },
        ]}
      />
    </>
  );
}
