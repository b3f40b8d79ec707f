import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
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
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { formatDateTime } from '../../../components/dates';

const STEPS = ['requested', 'in_review', 'registered', 'change', 'legitimated', 'rejected', 'head_quarter', 'legal_representative', 'documents', 'ubo'];

/** `/admin/bank_account_legitimations`: sellers by legitimation step, newest first, with search. */
export default function LegitimationsPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [step, setStep] = useState('');
  const [page, setPage] = useState(0);
  const [per, setPer] = useState(20);
  const params = { page: page + 1, per, query: query || undefined, filters: step ? { step: [step] } : {} };
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
        <TextField size="small" label={t('common.search')} value={query} onChange={(e) => { setQuery(e.target.value); setPage(0); }} />
        <TextField select size="small" sx={{ minWidth: 220 }} label={t('legitimation.step')} value={step} onChange={(e) => { setStep(e.target.value); setPage(0); }}>
          <MenuItem value="">{t('legitimation.allSteps')}</MenuItem>
          {STEPS.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`enums.legitimationStep.${s}`)}
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
                <TableCell>{t('legitimation.seller')}</TableCell>
                <TableCell>{t('profile.fields.businessType')}</TableCell>
                <TableCell>{t('legitimation.step')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('legitimation.level')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('legitimation.submittedAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data?.list ?? []).map((r) => (
                <TableRow key={r.sellerId} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/admin/bank_account_legitimations/${r.sellerId}`}>
                      {r.company || [r.firstName, r.lastName].filter(Boolean).join(' ') || r.username || r.email}
                    </Link>
                    <Typography variant="caption" sx={{ display: "block" }} color="text.secondary">
                      {r.email}
                    </Typography>
                  </TableCell>
                  <TableCell>{r.businessType ? t(`enums.businessType.${r.businessType}`) : t('common.none')}</TableCell>
                  <TableCell>{t(`enums.legitimationStep.${r.step}`)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {r.verificationLevel ? t(`enums.verificationLevel.${r.verificationLevel}`) : t('common.none')}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{formatDateTime(r.submittedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {list.data && list.data.list.length === 0 ? <EmptyState title={t('legitimation.empty')} /> : null}
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
