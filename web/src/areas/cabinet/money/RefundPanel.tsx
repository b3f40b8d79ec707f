import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { cabinetApi } from '../../../api/cabinet';
import { newIdempotencyKey } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { toast } from '../../../app/notify';
import { useMoney } from '../../../components/Money';
import { formatDateTime } from '../../../components/dates';
import { parseMoneyInput } from '../../../lib/money';
import { fieldProps, rules, useSchemaForm } from '../../../lib/zodForm';
import { RefundInSchema } from '../../../api/zod.gen';
import { moneyKeys, moneyQueries } from './queries';

/** A refund as the seller types it: an amount of the order's currency ("5,00"), sent in minor units, and the
 * reason the payer reads. */
const refundForm = (currency: string) =>
  RefundInSchema.extend({
    amount: rules
      .checked(z.string(), (text) => ((parseMoneyInput(text.trim(), currency) ?? 0) > 0 ? null : 'invalid_price'))
      .transform((text) => parseMoneyInput(text.trim(), currency) ?? 0),
    // the contract's bound; an empty reason in the refund's own words
    reason: rules.checked(z.string().trim().max(1000), (text) => (text ? null : 'money.reasonRequired')),
  });

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
  const form = useSchemaForm(useMemo(() => refundForm(currency), [currency]), { amount: '', reason: '' });
  // one key per refund the seller means: a double click or a retry sends the same key and refunds once; a new key
  // only after this refund was accepted
  const [refundKey, setRefundKey] = useState(newIdempotencyKey);
  const refund = useMutation({
    mutationFn: (body: { amount: number; reason: string }) => cabinetApi.refund(token, body, refundKey),
    onSuccess: () => {
      setRefundKey(newIdempotencyKey());
      form.reset();
      toast(t('money.refundRequested'), 'success');
      void qc.invalidateQueries({ queryKey: moneyKeys.refunds(token) });
      void qc.invalidateQueries({ queryKey: ['order', token] });
    },
    onError: (e) => {
      // an answer (a 4xx) ends this attempt: a corrected refund is another action; a lost answer keeps the key
      if (e instanceof ApiError && e.status) setRefundKey(newIdempotencyKey());
      if (e instanceof ApiError && e.fields?.amount) form.setError('amount', { message: t('money.refundTooMuch', { left: String(e.fields.amount) }) });
    },
  });
  const left = refunds.data?.refundable ?? 0;
  const submit = form.handleSubmit((body) => refund.mutate(body));
  const failed = refund.error instanceof ApiError && !refund.error.fields?.amount ? refund.error.message : refund.isError && !(refund.error instanceof ApiError) ? t('toast.error') : null;
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('money.refundable', { amount: money(left, currency) })}
      </Typography>
      {left > 0 ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField size="small" label={t('orders.amount')} {...fieldProps(form, 'amount', null)} sx={{ width: 140 }} />
          <TextField size="small" label={t('legitimation.reason')} {...fieldProps(form, 'reason', null)} sx={{ flex: 1, minWidth: 200 }} />
          <Button variant="outlined" color="warning" onClick={submit} disabled={refund.isPending}>
            {t('money.refund')}
          </Button>
          <Button size="small" onClick={() => form.setValue('amount', (left / 100).toFixed(2), { shouldValidate: form.formState.isSubmitted })}>
            {t('money.refundAll')}
          </Button>
        </Box>
      ) : null}
      {failed ? (
        <Typography color="error" variant="body2" sx={{ mt: 1 }}>
          {failed}
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
