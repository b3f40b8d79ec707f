import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../api/cabinet';
import { ApiError } from '../../../api/errors';
import { ExportInSchema } from '../../../api/zod.gen';
import { fieldProps, rules, useSchemaForm } from '../../../lib/zodForm';
import type { Answer } from '../../../api/sdk';
import { toast } from '../../../app/notify';
import { formatDateTime } from '../../../components/dates';
import { openProtectedFile } from '../../../lib/download';
import { PagedTable } from '../../../components/PagedTable';
import { moneyKeys, moneyQueries } from './queries';

type Row = Answer<'list_exports'>['list'][number];

function thisMonth(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

// a month as the month field gives it (2026-11); the API refuses a month not yet closed
const ExportForm = ExportInSchema.extend({ period: rules.checked(ExportInSchema.shape.period, (v) => (/^\d{4}-\d{2}$/.test(v) ? null : 'money.badPeriod')) });

/** `/cabinet/bookkeeping_export`: a month's invoices, credit memos and fees for the accountant (CSV, DATEV). */
export default function ExportPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const form = useSchemaForm(ExportForm, { period: thisMonth() });
  const list = useQuery({ ...moneyQueries.exports(), refetchInterval: 3000 });
  const start = useMutation({
    mutationFn: (period: string) => cabinetApi.startExport(period),
    onSuccess: () => {
      toast(t('money.exportStarted'), 'info');
      void qc.invalidateQueries({ queryKey: moneyKeys.exports() });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fields?.period) form.setError('period', { message: t('money.badPeriod') });
      else toast(t('toast.error'), 'error');
    },
  });
  const submit = form.handleSubmit(({ period }) => start.mutate(period));
  const mark = useMutation({
    mutationFn: ({ id, state }: { id: number; state: 'sent_to_finance' | 'sent_to_datev' }) => cabinetApi.markExport(id, state),
    onSuccess: () => void qc.invalidateQueries({ queryKey: moneyKeys.exports() }),
  });
  const file = (row: Row, format: 'csv' | 'datev') =>
    void openProtectedFile(`/v1/cabinet/exports/${row.id}/${format}`).then((ok) => ok || toast(t('toast.error'), 'error'));
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('nav.bookkeepingExport')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField size="small" type="month" label={t('money.period')} {...fieldProps(form, 'period', null)} slotProps={{ inputLabel: { shrink: true } }} />
        <Button variant="contained" disabled={start.isPending} onClick={submit}>
          {t('money.export')}
        </Button>
      </Box>
      <PagedTable<Row>
        rows={list.data?.list ?? []}
        rowKey={(r) => r.id}
        loading={list.isPending}
        empty={t('money.noExports')}
        columns={[
          { key: 'period', label: t('money.period'), render: (r) => r.period },
          { key: 'state', label: t('orders.state'), render: (r) => t(`enums.exportState.${r.state}`) },
          { key: 'bookings', label: t('money.bookings'), wide: true, render: (r) => r.bookings },
          { key: 'created', label: t('money.date'), wide: true, render: (r) => formatDateTime(r.createdAt) },
          {
            key: 'files',
            label: '',
            render: (r) => (
              <>
                <Button size="small" onClick={() => file(r, 'csv')}>{t('money.format.csv')}</Button>
                <Button size="small" onClick={() => file(r, 'datev')}>{t('money.format.datev')}</Button>
                <Button size="small" onClick={() => mark.mutate({ id: r.id, state: 'sent_to_datev' })} disabled={r.state === 'sent_to_datev'}>
                  {t('money.markSent')}
                </Button>
              </>
            ),
          },
        ]}
      />
    </>
  );
}
