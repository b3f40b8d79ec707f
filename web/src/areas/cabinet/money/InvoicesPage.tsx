import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../../api/sdk';
import { toast } from '../../../app/notify';
import { Money } from '../../../components/Money';
import { formatDateTime } from '../../../components/dates';
import { openProtectedFile } from '../../../lib/download';
import { PagedTable } from '../../../components/PagedTable';
import { moneyQueries } from './queries';

type Row = Answer<'list_invoices'>['list'][number];

/** `/cabinet/invoices` ("invoices and reversals"): invoices and credit memos with their numbers, each as PDF. */
export default function InvoicesPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState('');
  const [page, setPage] = useState(0);
  const [per, setPer] = useState(20);
  const q = { page: page + 1, per, filters: form ? { form: [form] } : {} };
  const list = useQuery({ ...moneyQueries.invoices(q), placeholderData: keepPreviousData });
  const pdf = (row: Row) =>
    void openProtectedFile(`/v1/cabinet/invoices/${row.id}/pdf`).then((ok) => ok || toast(t('toast.error'), 'error'));
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('nav.invoices')}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <TextField select size="small" sx={{ minWidth: 220 }} label={t('money.form')} value={form} onChange={(e) => { setForm(e.target.value); setPage(0); }}>
          <MenuItem value="">{t('money.allForms')}</MenuItem>
          {['regular', 'reversal', 'corrected'].map((f) => (
            <MenuItem key={f} value={f}>
              {t(`enums.invoiceForm.${f}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <PagedTable<Row>
        rows={list.data?.list ?? []}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        empty={t('money.noInvoices')}
        page={page}
        per={per}
        count={list.data?.totalCount}
        onPage={setPage}
        onPer={(p) => { setPer(p); setPage(0); }}
        columns={[
          { key: 'number', label: t('orders.invoiceNumber'), render: (r) => r.number },
          {
            key: 'form',
            label: t('money.form'),
            render: (r) => `${t(`enums.invoiceForm.${r.form}`)}${r.originalNumber ? ` · ${t('money.reverses', { number: r.originalNumber })}` : ''}`,
          },
          { key: 'date', label: t('money.date'), wide: true, render: (r) => formatDateTime(r.issuedAt) },
          { key: 'product', label: t('orders.product'), wide: true, render: (r) => r.productName },
          { key: 'total', label: t('orders.total'), align: 'right', render: (r) => <Money amount={r.total} currency={r.currency} /> },
          { key: 'pdf', label: '', render: (r) => <Button size="small" onClick={() => pdf(r)}>PDF</Button> },
        ]}
      />
    </>
  );
}
