import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import type { Answer } from '../../../api/sdk';
import { PagedTable } from '../../../components/PagedTable';
import { ErrorState } from '../../../components/ErrorState';
import { formatDateTime } from '../../../components/dates';

type Row = Answer<'admin_bank_accounts'>['list'][number];

const GROUPS = ['activated', 'pending', 'rejected'];

/** `/admin/bank_accounts`: every seller's bank account by state group (core §4), with search (name, e-mail, IBAN). */
export default function BankAccountsPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [group, setGroup] = useState('');
  const [page, setPage] = useState(0);
  const [per, setPer] = useState(20);
  const params = { page: page + 1, per, query: query || undefined, filters: group ? { group: [group] } : {} };
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
        <TextField size="small" label={t('common.search')} value={query} onChange={(e) => { setQuery(e.target.value); setPage(0); }} />
        <TextField select size="small" sx={{ minWidth: 200 }} label={t('legitimation.group')} value={group} onChange={(e) => { setGroup(e.target.value); setPage(0); }}>
          <MenuItem value="">{t('legitimation.allGroups')}</MenuItem>
          {GROUPS.map((g) => (
            <MenuItem key={g} value={g}>
              {t(`legitimation.groups.${g}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {list.isError ? <ErrorState onRetry={() => void list.refetch()} /> : null}
      <PagedTable<Row>
        rows={list.data?.list ?? []}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        empty={t('legitimation.noBankAccounts')}
        page={page}
        per={per}
        count={list.data?.totalCount}
        onPage={setPage}
        onPer={(p) => { setPer(p); setPage(0); }}
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
