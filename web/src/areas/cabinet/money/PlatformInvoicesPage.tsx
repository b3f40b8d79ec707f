import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../../api/sdk';
import { toast } from '../../../app/notify';
import { Money } from '../../../components/Money';
import { FilterSelect, listed, PagedTable, usePaging } from '../../../components/PagedTable';
import { openProtectedFile } from '../../../lib/download';
import { PLATFORM_INVOICE_STATES, monthLabel, platformInvoiceColor } from './platformInvoices';
import { moneyQueries } from './queries';

type Row = Answer<'list_platform_invoices'>['list'][number];

/** `/cabinet/platform_invoices`: the platform's monthly invoices of its fees (core §4 monthly invoice states). */
export default function PlatformInvoicesPage() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState('');
  const paging = usePaging();
  const q = { ...paging.query, filters: state ? { state: [state] } : {} };
  const list = useQuery({ ...moneyQueries.platformInvoices(q), placeholderData: keepPreviousData });
  const pdf = (row: Row) =>
    void openProtectedFile(`/v1/cabinet/platform_invoices/${row.id}/pdf`).then((ok) => ok || toast(t('toast.error'), 'error'));
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('nav.platformInvoices')}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <FilterSelect
          label={t('money.state')}
          value={state}
          onChange={(v) => { setState(v); paging.restart(); }}
          all={t('money.allStates')}
          options={PLATFORM_INVOICE_STATES.map((s) => ({ value: s, label: t(`enums.platformInvoiceState.${s}`) }))}
        />
      </Box>
      <PagedTable<Row>
        {...listed(list, true)}
        rowKey={(r) => r.id}
        empty={t('money.noPlatformInvoices')}
        count={list.data?.totalCount}
        {...paging.pager}
        columns={[
          { key: 'period', label: t('money.period'), render: (r) => monthLabel(r.period, i18n.language) },
          { key: 'number', label: t('orders.invoiceNumber'), render: (r) => r.number },
          { key: 'sales', label: t('money.sales'), align: 'right', wide: true, render: (r) => r.sales },
          { key: 'fees', label: t('money.fees'), align: 'right', wide: true, render: (r) => <Money amount={r.fees} currency={r.currency} /> },
          {
            key: 'back',
            label: t('money.refundedFees'),
            align: 'right',
            wide: true,
            render: (r) => <Money amount={-r.refundedFees} currency={r.currency} />,
          },
          { key: 'total', label: t('orders.total'), align: 'right', render: (r) => <Money amount={r.total} currency={r.currency} /> },
          {
            key: 'state',
            label: t('money.state'),
            render: (r) => <Chip size="small" color={platformInvoiceColor(r.state)} label={t(`enums.platformInvoiceState.${r.state}`)} />,
          },
          {
            key: 'pdf',
            label: '',
            align: 'right',
            render: (r) => (
              <Button size="small" onClick={() => pdf(r)} aria-label={t('money.platformInvoicePdf', { number: r.number })}>
                {t('money.format.pdf')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
