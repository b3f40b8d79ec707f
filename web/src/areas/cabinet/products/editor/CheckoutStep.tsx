import type React from 'react';
import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import TimelineIcon from '@mui/icons-material/Timeline';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CheckoutPagePicker } from '../../checkout/CheckoutPagePicker';
import { cabinetApi } from '../../../../api/cabinet';
import * as sdk from '../../../../api/sdk.gen';
import { OptInsEditor } from './OptInsEditor';
import type { PaymentType, PricingPlan, PricingPlanInput, Product } from '../../../../api/types';
import { toast } from '../../../../app/notify';
import { EmptyState } from '../../../../components/EmptyState';
import { ErrorState } from '../../../../components/ErrorState';
import { useMoney } from '../../../../components/Money';
import { currencySymbol, parseMoneyInput, priceError, PRICE_CURRENCIES } from '../../../../lib/money';
import { everyPeriod, PERIOD_OPTIONS, periodLabel } from '../../../../lib/periods';
import { productKeys, productQueries } from '../queries';
import { DraftPlanPreview, SavedPlanPreview } from './PlanPreview';

/** core §3: a plan's custom start day; the spec's limit on a test period (domain/limits.py TEST_DAYS_MAX). */
const START_DAYS = [1, 7, 14, 21, 28] as const;
const TEST_DAYS_MAX = 365;

/** Checkout step: the product's pricing plans; adds one-time and recurring plans (period, following rates, count). */
export function CheckoutStep({ product }: { product: Product }) {
  const { t } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const plans = useQuery(productQueries.plans(product.id));
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [currency, setCurrency] = useState<string>(product.currency ?? 'eur');
  const [paymentType, setPaymentType] = useState<PaymentType>('one_time');
  const [period, setPeriod] = useState('1m');
  const [nextPrice, setNextPrice] = useState('');
  const [count, setCount] = useState('12');
  const [testDays, setTestDays] = useState('0');
  const [netPrice, setNetPrice] = useState(false);
  const [startDay, setStartDay] = useState<number | ''>('');
  // an event's plan sells one of its tickets
  const event = product.form === 'event';
  const tickets = useQuery({
    queryKey: [...productKeys.detail(product.id), 'tickets'],
    queryFn: ({ signal }) => sdk.listTickets(product.id, { signal }),
    enabled: event,
  });
  const [ticketId, setTicketId] = useState<number | ''>('');
  const recurring = paymentType !== 'one_time';
  const limited = paymentType === 'installment' || paymentType === 'limited_subscription';
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  const nameError = touched && !name.trim() ? t('validation.required') : null;
  const ticketError = touched && event && ticketId === '' ? t('validation.required') : null;
  const priceCode = touched ? priceError(price, currency) : null;
  const priceMessage = priceCode ? t(`validation.${priceCode}`) : null;
  const nextCode = touched && recurring && nextPrice.trim() ? priceError(nextPrice, currency) : null;
  const countNumber = Number(count);
  const countError = touched && limited && !(Number.isInteger(countNumber) && countNumber >= 2 && countNumber <= 120);
  const testDaysNumber = testDays.trim() === '' ? 0 : Number(testDays);
  const testDaysOk = Number.isInteger(testDaysNumber) && testDaysNumber >= 0 && testDaysNumber <= TEST_DAYS_MAX;
  // a test period and a start day: the checkout saves the card and the first rate is charged on its day
  const deferral = {
    ...(testDaysNumber > 0 && testDaysOk ? { testDays: testDaysNumber } : {}),
    ...(startDay !== '' ? { startDay } : {}),
  };
  const [previewOf, setPreviewOf] = useState<PricingPlan | null>(null);
  // the terms as typed, for the live preview: null until price, next amount and count are valid
  const draftMinor = recurring && !priceError(price, currency) ? parseMoneyInput(price, currency) : null;
  const draftNext = nextPrice.trim() ? (priceError(nextPrice, currency) ? null : parseMoneyInput(nextPrice, currency)) : draftMinor;
  const draftCountOk = !limited || (Number.isInteger(countNumber) && countNumber >= 2 && countNumber <= 120);
  const draft: PricingPlanInput | null =
    draftMinor !== null && draftNext !== null && draftCountOk && testDaysOk
      ? {
          name: name.trim() || '—',
          paymentType,
          price: draftMinor,
          currency,
          period,
          nextAmount: draftNext,
          ...(limited ? { paymentsCount: countNumber } : {}),
          ...deferral,
        }
      : null;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: productKeys.plans(product.id) });
    void queryClient.invalidateQueries({ queryKey: productKeys.detail(product.id) });
    void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    const minor = parseMoneyInput(price, currency);
    const next = recurring && nextPrice.trim() ? parseMoneyInput(nextPrice, currency) : null;
    if (!name.trim() || priceError(price, currency) || minor === null || busy) return;
    if (event && ticketId === '') return;
    if (recurring && nextPrice.trim() && (priceError(nextPrice, currency) || next === null)) return;
    if (limited && !(Number.isInteger(countNumber) && countNumber >= 2 && countNumber <= 120)) return;
    if (recurring && !testDaysOk) return;
    setBusy(true);
    try {
      await cabinetApi.createPricingPlan(product.id, {
        name: name.trim(),
        paymentType,
        price: minor,
        currency,
        useNetPrice: netPrice,
        ...(event && ticketId !== '' ? { ticketId } : {}),
        ...(recurring ? { period, nextAmount: next ?? minor, ...deferral } : {}),
        ...(limited ? { paymentsCount: countNumber } : {}),
      });
      toast(t('editor.planAdded'), 'success');
      setName('');
      setPrice('');
      setTouched(false);
      refresh();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };

  const remove = async (planId: number) => {
    try {
      await cabinetApi.deletePricingPlan(product.id, planId);
      toast(t('editor.planDeleted'), 'success');
      refresh();
    } catch {
      /* shown by the client */
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 800 }}>
      <CheckoutPagePicker product={product} />
      <Typography variant="h6">{t('editor.plansTitle')}</Typography>
      <Paper>
        {plans.isError ? (
          <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />
        ) : plans.isPending ? (
          <Stack sx={{ p: 2 }} spacing={1}>
            <Skeleton />
            <Skeleton />
          </Stack>
        ) : plans.data.list.length === 0 ? (
          <EmptyState title={t('editor.plansEmpty')} />
        ) : (
          <Table size="small" data-testid="pricing-plans">
            <TableHead>
              <TableRow>
                <TableCell>{t('editor.planName')}</TableCell>
                <TableCell>{t('editor.planType')}</TableCell>
                <TableCell align="right">{t('editor.planPrice')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('editor.planSchedule')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {plans.data.list.map((plan) => (
                <TableRow key={plan.id}>
                  <TableCell>
                    {plan.name}
                    {plan.ticketId ? (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {tickets.data?.list.find((x) => x.id === plan.ticketId)?.name}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    {t(`editor.planTypes.${plan.paymentType}`, { defaultValue: plan.paymentType })}
                    {plan.paymentType !== 'one_time' && plan.period ? ` · ${everyPeriod(plan.period, t)}` : ''}
                  </TableCell>
                  <TableCell align="right">
                    {money(plan.price, plan.currency)}
                    {plan.useNetPrice ? ` ${t('editor.planNetShort')}` : ''}
                    {plan.paymentType !== 'one_time' && plan.nextAmount != null && plan.nextAmount !== plan.price
                      ? ` → ${money(plan.nextAmount, plan.currency)}`
                      : ''}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {plan.paymentType === 'one_time'
                      ? '—'
                      : plan.paymentsCount
                        ? `${t('editor.planRates', { count: plan.paymentsCount })} · ${t('editor.planTotal', { total: money(plan.total, plan.currency) })}`
                        : t('editor.planOpenEnded')}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {plan.paymentType !== 'one_time' ? (
                      <IconButton
                        aria-label={`${t('planPreview.open')}: ${plan.name}`}
                        title={t('planPreview.open')}
                        onClick={() => setPreviewOf(plan)}
                        data-testid="plan-preview-open"
                      >
                        <TimelineIcon />
                      </IconButton>
                    ) : null}
                    <IconButton aria-label={`${t('common.delete')}: ${plan.name}`} onClick={() => void remove(plan.id)}>
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: 2 }}>
        <Typography variant="subtitle1" sx={{ mb: 2, fontWeight: 600 }}>
          {t('editor.planAdd')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start', mb: recurring ? 0 : 0 }}>
          <TextField
            select
            label={t('editor.planType')}
            value={paymentType}
            onChange={(e) => setPaymentType(e.target.value as PaymentType)}
            sx={{ minWidth: 200 }}
            helperText=" "
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'plan-type' } as React.HTMLAttributes<HTMLDivElement> } }}
          >
            {(['one_time', 'subscription', 'limited_subscription', 'installment'] as const).map((k) => (
              <MenuItem key={k} value={k}>
                {t(`editor.planTypes.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          {event ? (
            <TextField
              select
              label={t('events.ticket')}
              value={ticketId}
              onChange={(e) => setTicketId(Number(e.target.value))}
              error={Boolean(ticketError)}
              helperText={ticketError ?? (tickets.data?.list.length === 0 ? t('events.addTicketFirst') : ' ')}
              sx={{ minWidth: 180 }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'plan-ticket' } as React.HTMLAttributes<HTMLDivElement> } }}
            >
              {(tickets.data?.list ?? []).map((x) => (
                <MenuItem key={x.id} value={x.id}>
                  {x.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <TextField
            label={t('editor.planName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(nameError)}
            helperText={nameError ?? ' '}
            sx={{ flex: 2 }}
            slotProps={{ htmlInput: { 'data-testid': 'plan-name' } }}
          />
          <TextField
            label={t('editor.planPrice')}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            error={Boolean(priceMessage)}
            helperText={priceMessage ?? ' '}
            placeholder="19.90"
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'plan-price' } }}
          />
          <TextField
            select
            label={t('editor.planCurrency')}
            value={currency}
            onChange={(e) => setCurrency(e.target.value)}
            sx={{ minWidth: 120 }}
            helperText=" "
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'plan-currency' } as React.HTMLAttributes<HTMLDivElement> } }}
          >
            {PRICE_CURRENCIES.map((c) => (
              <MenuItem key={c} value={c}>
                {c.toUpperCase()} ({currencySymbol(c)})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('editor.planPriceBasis')}
            value={netPrice ? 'net' : 'gross'}
            onChange={(e) => setNetPrice(e.target.value === 'net')}
            sx={{ minWidth: 170 }}
            helperText=" "
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'plan-price-basis' } as React.HTMLAttributes<HTMLDivElement> } }}
          >
            <MenuItem value="gross">{t('editor.planGross')}</MenuItem>
            <MenuItem value="net">{t('editor.planNet')}</MenuItem>
          </TextField>
          {recurring ? null : (
            <Button type="submit" variant="contained" loading={busy} disabled={busy} sx={{ mt: 1 }} data-testid="plan-add">
              {t(`editor.planAddOf.${paymentType}`)}
            </Button>
          )}
        </Stack>
        {recurring ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            <TextField
              select
              label={t('editor.planPeriod')}
              value={period}
              onChange={(e) => setPeriod(e.target.value)}
              sx={{ minWidth: 160 }}
              helperText=" "
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'plan-period' } as React.HTMLAttributes<HTMLDivElement> } }}
            >
              {PERIOD_OPTIONS.map((p) => (
                <MenuItem key={p} value={p}>
                  {periodLabel(p, t)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('editor.planNextAmount')}
              value={nextPrice}
              onChange={(e) => setNextPrice(e.target.value)}
              error={Boolean(nextCode)}
              helperText={nextCode ? t(`validation.${nextCode}`) : ' '}
              placeholder={price || '19.90'}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'plan-next-amount' } }}
            />
            {limited ? (
              <TextField
                label={t('editor.planPaymentsCount')}
                value={count}
                onChange={(e) => setCount(e.target.value)}
                error={countError}
                helperText={countError ? '2–120' : ' '}
                sx={{ width: 160 }}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'plan-count' } }}
              />
            ) : null}
            <Button type="submit" variant="contained" loading={busy} disabled={busy} sx={{ mt: 1 }} data-testid="plan-add">
              {t(`editor.planAddOf.${paymentType}`)}
            </Button>
          </Stack>
        ) : null}
        {recurring ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={t('editor.planTestDays')}
              value={testDays}
              onChange={(e) => setTestDays(e.target.value)}
              error={touched && !testDaysOk}
              helperText={touched && !testDaysOk ? `0–${TEST_DAYS_MAX}` : t('editor.planTestDaysHelp')}
              sx={{ width: { xs: '100%', sm: 220 } }}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'plan-test-days' } }}
            />
            <TextField
              select
              label={t('editor.planStartDay')}
              value={startDay === '' ? 'none' : String(startDay)}
              onChange={(e) => setStartDay(e.target.value === 'none' ? '' : Number(e.target.value))}
              helperText={t('editor.planStartDayHelp')}
              sx={{ width: { xs: '100%', sm: 260 } }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'plan-start-day' } as React.HTMLAttributes<HTMLDivElement> } }}
            >
              <MenuItem value="none">{t('editor.planStartDayNone')}</MenuItem>
              {START_DAYS.map((d) => (
                <MenuItem key={d} value={String(d)}>
                  {t('editor.planStartDayOption', { day: d })}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        ) : null}
        {recurring ? <DraftPlanPreview productId={product.id} input={draft} /> : null}
      </Paper>
      <Dialog open={previewOf !== null} onClose={() => setPreviewOf(null)} fullWidth maxWidth="sm">
        <DialogTitle>{t('planPreview.dialogTitle', { name: previewOf?.name ?? '' })}</DialogTitle>
        <DialogContent>{previewOf ? <SavedPlanPreview productId={product.id} planId={previewOf.id} /> : null}</DialogContent>
        <DialogActions>
          <Button onClick={() => setPreviewOf(null)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
      <OptInsEditor key={product.updatedAt} product={product} />
    </Stack>
  );
}
