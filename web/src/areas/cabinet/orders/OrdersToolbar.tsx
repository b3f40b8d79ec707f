import type React from 'react';
import { useEffect, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import type { Filters } from '../../../lib/listState';

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

/** Search box and the payment_state multi-select; filters apply on "Apply" (which resets to page 1). */
export function OrdersToolbar({
  query,
  filters,
  onSearch,
  onApplyFilters,
}: {
  query: string;
  filters: Filters;
  onSearch: (query: string) => void;
  onApplyFilters: (filters: Filters) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(query);
  const applied = filters.payment_state ?? [];
  const [states, setStates] = useState<string[]>(applied);
  const appliedKey = applied.join(',');

  useEffect(() => setText(query), [query]);
  useEffect(() => setStates(appliedKey ? appliedKey.split(',') : []), [appliedKey]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() !== query) onSearch(text.trim());
  };
  const dirty = states.join(',') !== appliedKey;

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2, alignItems: { md: 'center' } }}>
      <Stack component="form" onSubmit={submit} direction="row" spacing={1} sx={{ flex: 1 }}>
        <TextField
          size="small"
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('orders.searchPlaceholder')}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
            htmlInput: { 'aria-label': t('common.search'), 'data-testid': 'orders-search' },
          }}
        />
        <Button type="submit" variant="outlined">
          {t('common.search')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('orders.paymentState')}
          value={states}
          onChange={(e) => {
            const value = e.target.value as unknown;
            setStates(Array.isArray(value) ? (value as string[]) : String(value).split(','));
          }}
          sx={{ minWidth: 240 }}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) => (selected as string[]).map((s) => t(`status.${s}`, { defaultValue: s })).join(', '),
              SelectDisplayProps: { 'data-testid': 'filter-payment-state' } as React.HTMLAttributes<HTMLDivElement>,
            },
          }}
        >
          {PAYMENT_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              <Checkbox size="small" checked={states.includes(s)} />
              <ListItemText primary={t(`status.${s}`, { defaultValue: s })} />
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" disabled={!dirty} onClick={() => onApplyFilters({ ...filters, payment_state: states })} data-testid="filter-apply">
          {t('common.apply')}
        </Button>
        <Button
          disabled={!appliedKey && !states.length}
          onClick={() => {
            setStates([]);
            onApplyFilters({ ...filters, payment_state: [] });
          }}
        >
          {t('common.reset')}
        </Button>
      </Stack>
    </Stack>
  );
}
