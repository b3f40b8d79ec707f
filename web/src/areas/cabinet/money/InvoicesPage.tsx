import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../../api/sdk';
import { toast } from '../../../app/notify';
import { Money } from '../../../components/Money';
import { StatusChip } from '../../../components/StatusChip';
import { formatDateTime } from '../../../components/dates';
import { openProtectedFile } from '../../../lib/download';
import { FilterSelect, PagedTable, usePaging } from '../../../components/PagedTable';
import { CorrectInvoiceDialog } from './CorrectInvoiceDialog';
import { correctable } from './correction';
import { moneyQueries } from './queries';

type Row = Answer<'list_invoices'>['list'][number];

/** `/cabinet/invoices` ("invoices and reversals"): invoices and credit memos with their numbers, each as PDF. */
export default function InvoicesPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState('');
  const [correcting, setCorrecting] = useState<Row | null>(null);
  const paging = usePaging();
  const q = { ...paging.query, filters: form ? { form: [form] } : {} };
  const list = useQuery({ ...moneyQueries.invoices(q), placeholderData: keepPreviousData });
  const pdf = (row: Row) =>
    void openProtectedFile(`/v1/cabinet/invoices/${row.id}/pdf`).then((ok) => ok || toast(t('toast.error'), 'error'));
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('nav.invoices')}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <FilterSelect
          label={t('money.form')}
          value={form}
          onChange={(v) => { setForm(v); paging.restart(); }}
          all={t('money.allForms')}
          options={['regular', 'reversal', 'corrected'].map((f) => ({ value: f, label: t(`enums.invoiceForm.${f}`) }))}
        />
      </Box>
      <PagedTable<Row>
        rows={list.data?.list ?? []}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        empty={t('money.noInvoices')}
        error={list.error}
        onRetry={() => void list.refetch()}
        count={list.data?.totalCount}
        {...paging.pager}
        columns={[
          { key: 'number', label: t('orders.invoiceNumber'), render: (r) => r.number },
          {
            key: 'form',
            label: t('money.form'),
            // a credit memo and a corrected invoice both name the invoice they refer to
            render: (r) => {
              const refers = r.form === 'reversal' ? 'money.reverses' : 'money.refersTo';
              return `${t(`enums.invoiceForm.${r.form}`)}${r.originalNumber != null ? ` · ${t(refers, { number: r.originalNumber })}` : ''}`;
            },
          },
          {
            key: 'state',
            label: t('money.state'),
            render: (r) => <StatusChip state={r.state} />,
          },
          { key: 'date', label: t('money.date'), wide: true, render: (r) => formatDateTime(r.issuedAt) },
          { key: 'product', label: t('orders.product'), wide: true, render: (r) => r.productName },
          { key: 'total', label: t('orders.total'), align: 'right', render: (r) => <Money amount={r.total} currency={r.currency} /> },
          {
            key: 'actions',
            label: '',
            align: 'right',
            render: (r) => (
              <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
                <Button size="small" onClick={() => pdf(r)}>{t('money.format.pdf')}</Button>
                {correctable(r) ? (
                  <Button size="small" onClick={() => setCorrecting(r)} data-testid={`correct-${r.number}`}>
                    {t('money.correct')}
                  </Button>
                ) : null}
              </Box>
            ),
          },
        ]}
      />
      <CorrectInvoiceDialog invoice={correcting} onClose={() => setCorrecting(null)} />
    </>
  );
}
