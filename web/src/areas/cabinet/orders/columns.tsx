import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { Order } from '../../../api/types';
import { StatusChip } from '../../../components/StatusChip';
import { formatDateTime } from '../../../components/dates';
import { formatMoney } from '../../../lib/money';

/** Every payment state an order can be in (core §3), the list filter's choices. */
export const PAYMENT_STATES = [
  'payment_waiting',
  'payment_pending',
  'paying',
  'paid',
  'payment_paused',
  'payment_canceled',
  'payment_refunded',
  'payment_not_completed',
  'payment_chargebacked',
] as const;

/** Grid field → API sort key (core §3 sortable order columns plus created_at and total). */
export const SORT_KEYS: Record<string, string> = {
  createdAt: 'created_at',
  total: 'total',
  paymentState: 'payment_state',
  paymentForm: 'payment_form',
  periodType: 'period_type',
  pricingPlanName: 'pricing_plan_name',
};

export function fieldOfSortKey(sortKey: string | null): string | null {
  if (!sortKey) return null;
  return Object.entries(SORT_KEYS).find(([, key]) => key === sortKey)?.[0] ?? null;
}

export function orderColumns(t: TFunction, locale: string): GridColDef<Order>[] {
  const sortable = (field: string) => field in SORT_KEYS;
  const cols: GridColDef<Order>[] = [
    {
      field: 'token',
      headerName: t('orders.token'),
      width: 150,
      renderCell: ({ value }) => (
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }} noWrap>
          {String(value)}
        </Typography>
      ),
    },
    { field: 'createdAt', headerName: t('orders.createdAt'), width: 150, valueFormatter: (value: string) => formatDateTime(value) },
    {
      field: 'productName',
      headerName: t('orders.product'),
      flex: 1,
      minWidth: 160,
      renderCell: ({ row }) =>
        row.orderType && row.orderType !== 'standard' ? (
          <Box sx={{ lineHeight: 1.3, py: 0.5, overflow: 'hidden' }}>
            <Typography variant="body2" noWrap>
              {row.productName}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap>
              {row.upsellType ? t(`addons.kinds.${row.upsellType}`) : t(`enums.orderType.${row.orderType}`)}
            </Typography>
          </Box>
        ) : (
          row.productName
        ),
    },
    {
      field: 'payerName',
      headerName: t('orders.payer'),
      flex: 1,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Box sx={{ lineHeight: 1.3, py: 0.5, overflow: 'hidden' }}>
          <Typography variant="body2" noWrap>
            {row.payerName ?? '—'}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {row.payerEmail ?? ''}
          </Typography>
        </Box>
      ),
    },
    { field: 'paymentState', headerName: t('orders.paymentState'), width: 190, renderCell: ({ row }) => <StatusChip state={row.paymentState} plan={row.periodType} /> },
    {
      field: 'paymentForm',
      headerName: t('orders.paymentForm'),
      width: 130,
      valueFormatter: (value: string) => t(`enums.paymentMethod.${value}`),
    },
    {
      field: 'periodType',
      headerName: t('orders.periodType'),
      width: 150,
      valueFormatter: (value: string) => t(`editor.planTypes.${value}`),
    },
    { field: 'pricingPlanName', headerName: t('orders.pricingPlan'), width: 150 },
    {
      field: 'total',
      headerName: t('orders.total'),
      width: 120,
      align: 'right',
      headerAlign: 'right',
      valueFormatter: (value: number, row) => formatMoney(value, row.currencyKey, locale),
    },
    {
      field: 'paid',
      headerName: t('orders.paid'),
      width: 120,
      align: 'right',
      headerAlign: 'right',
      valueFormatter: (value: number, row) => formatMoney(value, row.currencyKey, locale),
    },
  ];
  return cols.map((c) => ({ ...c, sortable: sortable(c.field), filterable: false }));
}

/**
 * Which columns a screen of this width shows: every column from 1536 px; at laptop widths (1366 px with the
 * sidebar) the order, date, product, payer, state and total; on a phone the order, state and total. Columns
 * hidden here stay available in the grid's column menu.
 */
export function visibleColumns(width: 'phone' | 'laptop' | 'wide'): Record<string, boolean> {
  if (width === 'wide') return {};
  const hidden =
    width === 'laptop'
      ? ['paymentForm', 'periodType', 'pricingPlanName', 'paid']
      : ['createdAt', 'productName', 'payerName', 'paymentForm', 'periodType', 'pricingPlanName', 'paid'];
  return Object.fromEntries(hidden.map((field) => [field, false]));
}

