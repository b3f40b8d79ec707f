import { useMemo, useState } from 'react';
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
import { FilteredTable } from '../../../components/FilteredTable';
import type { FilterDef } from '../../../lib/filterDefs';
import { LIST_DEFAULTS, useListView, useTotalSync } from '../../../lib/useListView';
import { CorrectInvoiceDialog } from './CorrectInvoiceDialog';
import { correctable } from './correction';
import { moneyQueries } from './queries';

type Row = Answer<'list_invoices'>['list'][number];
const DEFAULTS = { ...LIST_DEFAULTS, sortKey: 'number' };

/** `/cabinet/invoices` ("invoices and reversals"): invoices and credit memos with their numbers, each as PDF. */
export default function InvoicesPage() {
  const { t } = useTranslation();
  const [correcting, setCorrecting] = useState<Row | null>(null);
  const defs = useMemo<FilterDef[]>(
    () => [
      { key: 'issued', type: 'relative_date_range', label: t('filters.issued') },
      { key: 'form', type: 'multi_select', label: t('money.form'), options: ['regular', 'reversal', 'corrected'].map((f) => ({ value: f, label: t(`enums.invoiceForm.${f}`) })) },
      { key: 'state', type: 'multi_select', label: t('money.invoiceState'), options: ['paid', 'unpaid', 'canceled', 'issued'].map((s) => ({ value: s, label: t(`enums.invoiceState.${s}`) })) },
      { key: 'total', type: 'number_range', label: t('orders.total'), scale: 100 },
    ],
    [t],
  );
  const view = useListView(DEFAULTS, defs);
  const list = useQuery({ ...moneyQueries.invoices(view.apiQuery), placeholderData: keepPreviousData });
  useTotalSync(view.list.syncTotal, list.data?.totalCount, list.isPlaceholderData);
  const open = (row: Row, as: 'pdf' | 'xrechnung') =>
    void openProtectedFile(`/v1/cabinet/invoices/${row.id}/${as}`).then((ok) => ok || toast(t('toast.error'), 'error'));
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('nav.invoices')}
      </Typography>
      <FilteredTable<Row>
        view={view}
        defs={defs}
        list={list}
        searchPlaceholder={t('money.searchOrder')}
        saved="invoices"
        csv="/v1/cabinet/invoices/csv"
        empty={t('money.noInvoices')}
        rowKey={(r) => r.id}
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
                <Button size="small" onClick={() => open(r, 'pdf')}>{t('money.format.pdf')}</Button>
                <Button size="small" onClick={() => open(r, 'xrechnung')} data-testid={`xrechnung-${r.number}`}>
                  {t('money.format.xrechnung')}
                </Button>
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
