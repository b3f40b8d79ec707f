import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { formatDateTime } from '../../../components/dates';

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
      <Paper>
        {list.isFetching ? <LinearProgress /> : null}
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('profile.fields.holder')}</TableCell>
                <TableCell>{t('profile.fields.iban')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('profile.fields.kind')}</TableCell>
                <TableCell>{t('legitimation.state')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('legitimation.createdAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data?.list ?? []).map((r) => (
                <TableRow key={r.id}>
                  <TableCell>
                    {r.holder}
                    <Typography variant="caption" sx={{ display: "block" }} color="text.secondary">
                      {r.username ?? r.email}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {r.iban} · {r.bic}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t(`enums.bankAccountType.${r.kind}`)}</TableCell>
                  <TableCell>{t(`enums.bankAccountState.${r.state}`)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{formatDateTime(r.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {list.data && list.data.list.length === 0 ? <EmptyState title={t('legitimation.noBankAccounts')} /> : null}
        <TablePagination
          component="div"
          count={list.data?.totalCount ?? 0}
          page={page}
          rowsPerPage={per}
          rowsPerPageOptions={[10, 20, 50, 100]}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => { setPer(Number(e.target.value)); setPage(0); }}
          labelRowsPerPage={t('common.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('common.displayedRows', { from, to, count })}
        />
      </Paper>
    </>
  );
}
