import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../api/cabinet';
import { newIdempotencyKey } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { toast } from '../../../app/notify';
import { useMoney } from '../../../components/Money';
import { formatDateTime } from '../../../components/dates';
import { parseMoneyInput } from '../../../lib/money';
import { moneyKeys, moneyQueries } from './queries';

/** The order view's refunds: what is left to refund, a refund in full or in part with a reason, and the money
 * trail (every ledger entry of the order, summing to zero). */
export function RefundPanel({ token, currency, trail }: {
  token: string;
  currency: string;
  trail: { payeeType: string; kind: string; amount: number; createdAt: string }[];
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const qc = useQueryClient();
  const refunds = useQuery({ ...moneyQueries.refunds(token), refetchInterval: (q) => (q.state.data?.list.some((r) => r.state === 'requested') ? 1500 : false) });
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  // one key per refund the seller means: a double click or a retry sends the same key and refunds once; a new key
  // only after this refund was accepted
  const [refundKey, setRefundKey] = useState(newIdempotencyKey);
  const refund = useMutation({
    mutationFn: (cents: number) => cabinetApi.refund(token, { amount: cents, reason }, refundKey),
    onSuccess: () => {
      setRefundKey(newIdempotencyKey());
      setAmount('');
      setReason('');
      setError(null);
      toast(t('money.refundRequested'), 'success');
      void qc.invalidateQueries({ queryKey: moneyKeys.refunds(token) });
      void qc.invalidateQueries({ queryKey: ['order', token] });
    },
    onError: (e) => {
      // an answer (a 4xx) ends this attempt: a corrected refund is another action; a lost answer keeps the key
      if (e instanceof ApiError && e.status) setRefundKey(newIdempotencyKey());
      setError(e instanceof ApiError ? (e.fields?.amount ? t('money.refundTooMuch', { left: String(e.fields.amount) }) : e.message) : t('toast.error'));
    },
  });
  const left = refunds.data?.refundable ?? 0;
  const submit = () => {
    const cents = parseMoneyInput(amount, currency);
    if (cents === null || cents <= 0) return setError(t('validation.invalid_price'));
    if (!reason.trim()) return setError(t('money.reasonRequired'));
    refund.mutate(cents);
  };
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('money.refundable', { amount: money(left, currency) })}
      </Typography>
      {left > 0 ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField size="small" label={t('orders.amount')} value={amount} onChange={(e) => setAmount(e.target.value)} sx={{ width: 140 }} />
          <TextField size="small" label={t('legitimation.reason')} value={reason} onChange={(e) => setReason(e.target.value)} sx={{ flex: 1, minWidth: 200 }} />
          <Button variant="outlined" color="warning" onClick={submit} disabled={refund.isPending}>
            {t('money.refund')}
          </Button>
          <Button size="small" onClick={() => setAmount((left / 100).toFixed(2))}>
            {t('money.refundAll')}
          </Button>
        </Box>
      ) : null}
      {error ? (
        <Typography color="error" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      ) : null}
      <List dense>
        {(refunds.data?.list ?? []).map((r) => (
          <ListItem key={r.number}>
            <ListItemText
              primary={`${money(r.amount, r.currency)} · ${t(`enums.refundState.${r.state}`)}`}
              secondary={`${formatDateTime(r.createdAt)} · ${r.reason}`}
            />
          </ListItem>
        ))}
      </List>
      {trail.length ? (
        <>
          <Typography variant="subtitle2">{t('money.trail')}</Typography>
          <List dense>
            {trail.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: ledger entries of one order, in booking order
              <ListItem key={i}>
                <ListItemText primary={`${t(`enums.payeeType.${e.payeeType}`)} · ${t(`enums.entryKind.${e.kind}`)}: ${money(e.amount, currency)}`} />
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
    </Box>
  );
}
