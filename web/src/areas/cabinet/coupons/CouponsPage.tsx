import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../api/errors';
import * as sdk from '../../../api/sdk.gen';
import { CouponInSchema } from '../../../api/zod.gen';
import { toast } from '../../../app/notify';
import { useMoney } from '../../../components/Money';
import { FilterBar } from '../../../components/FilterBar';
import { listed, PagedTable } from '../../../components/PagedTable';
import { type FilterDef, csvHref } from '../../../lib/filterDefs';
import { LIST_DEFAULTS, useListView, useTotalSync } from '../../../lib/useListView';
import { formatDateTime } from '../../../components/dates';
import { productQueries } from '../products/queries';
import { checkedAt, fieldProps, useSchemaForm } from '../../../lib/zodForm';

type Row = Awaited<ReturnType<typeof sdk.listCoupons>>['list'][number];
type Body = Parameters<typeof sdk.createCoupons>[0];

const C = CouponInSchema.shape;
const EMPTY = { mode: 'single', code: '', count: '50', codeFormat: 'alphanumeric', codeLength: '8', prefix: '', batch: '', valueForm: 'percents', value: '10', currency: 'eur', scope: 'all_products', productIds: [] as number[], recurring: 'first_rate', limit: '' } as const;
const whole = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const minor = (v: { valueForm: string; value: string }) => (v.valueForm === 'percents' ? whole(v.value) : Math.round(Number(v.value.replace(',', '.')) * 100));

/** The dialog's fields as typed, checked by the contract's rules for the fields the chosen mode and discount use,
 * and sent as the API's body. */
const CouponForm = z
  .object({
    mode: C.mode.unwrap(),
    code: z.string(),
    count: z.string(),
    codeFormat: C.codeFormat.unwrap(),
    codeLength: z.string(),
    prefix: z.string(),
    batch: z.string(),
    valueForm: C.valueForm,
    value: z.string(),
    currency: z.string(),
    scope: C.scope.unwrap(),
    productIds: z.array(z.number()),
    recurring: C.recurring.unwrap(),
    limit: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'single') checkedAt(ctx, 'code', C.code.unwrap().unwrap(), v.code.trim(), 'couponCode');
    else {
      checkedAt(ctx, 'count', C.count.unwrap(), whole(v.count));
      checkedAt(ctx, 'codeLength', C.codeLength.unwrap(), whole(v.codeLength));
      checkedAt(ctx, 'prefix', C.prefix.unwrap(), v.prefix.trim());
    }
    checkedAt(ctx, 'batch', C.batch.unwrap().unwrap(), v.batch.trim());
    checkedAt(ctx, 'value', C.value, minor(v));
    if (v.limit.trim()) checkedAt(ctx, 'limit', C.limit.unwrap().unwrap(), whole(v.limit));
  })
  .transform(
    (v) =>
      ({
        mode: v.mode,
        ...(v.mode === 'single' ? { code: v.code.trim() } : { count: whole(v.count), codeFormat: v.codeFormat, codeLength: whole(v.codeLength), prefix: v.prefix.trim() }),
        ...(v.batch.trim() ? { batch: v.batch.trim() } : {}),
        valueForm: v.valueForm,
        value: minor(v),
        ...(v.valueForm === 'currency' ? { currency: v.currency } : {}),
        scope: v.scope,
        productIds: v.scope === 'all_products' ? [] : v.productIds,
        recurring: v.recurring,
        ...(v.limit.trim() ? { limit: whole(v.limit) } : {}),
      }) as Body,
  );
type Fields = z.input<typeof CouponForm>;

/** A new coupon: one code typed, or a bulk of generated codes, with its discount, scope, limit and recurring rule.
 * Each rule the API refuses is shown on its field. */
function NewCouponDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const form = useSchemaForm(CouponForm, EMPTY);
  const v = form.watch();
  const products = useQuery({ ...productQueries.list({ per: 200 }), enabled: open });
  const create = useMutation({
    mutationFn: (body: Body) => sdk.createCoupons(body, { suppressErrors: true }),
    onSuccess: (r) => {
      toast(t('coupons.created', { count: r.totalCount }), 'success');
      form.reset(EMPTY);
      void qc.invalidateQueries({ queryKey: ['coupons'] });
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.reason === 'code_taken') form.setError('code', { message: t('coupons.codeTaken') });
      else if (e instanceof ApiError && e.fields) {
        for (const [k, m] of Object.entries(e.fields)) form.setError(k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()) as keyof Fields, { message: String(m) });
      } else toast(t('toast.error'), 'error');
    },
  });
  const submit = form.handleSubmit((body) => create.mutate(body));
  const field = (key: Exclude<keyof Fields, 'productIds'>, label: string, extra: Record<string, unknown> = {}) => {
    const select = 'select' in extra;
    return (
      <TextField
        fullWidth
        size="small"
        label={label}
        {...fieldProps(form, key)}
        {...(select ? { value: v[key], onChange: (e: { target: { value: string } }) => form.setValue(key, e.target.value as never) } : {})}
        {...extra}
      />
    );
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('coupons.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          <ToggleButtonGroup exclusive size="small" value={v.mode} onChange={(_, m: Fields['mode'] | null) => m && form.setValue('mode', m)}>
            <ToggleButton value="single" data-testid="coupon-mode-single">{t('coupons.modes.single')}</ToggleButton>
            <ToggleButton value="bulk" data-testid="coupon-mode-bulk">{t('coupons.modes.bulk')}</ToggleButton>
          </ToggleButtonGroup>
          <Grid container spacing={1.5}>
            {v.mode === 'single' ? (
              <Grid size={12}>{field('code', t('coupons.code'), { slotProps: { htmlInput: { 'data-testid': 'coupon-new-code', maxLength: 40 } } })}</Grid>
            ) : (
              <>
                <Grid size={{ xs: 6, sm: 3 }}>{field('count', t('coupons.count'), { type: 'number' })}</Grid>
                <Grid size={{ xs: 6, sm: 3 }}>{field('codeLength', t('coupons.length'), { type: 'number' })}</Grid>
                <Grid size={{ xs: 6, sm: 3 }}>
                  {field('codeFormat', t('coupons.format'), {
                    select: true,
                    children: ['alphanumeric', 'alphabetic', 'numeric'].map((f) => (
                      <MenuItem key={f} value={f}>
                        {t(`coupons.formats.${f}`)}
                      </MenuItem>
                    )),
                  })}
                </Grid>
                <Grid size={{ xs: 6, sm: 3 }}>{field('prefix', t('coupons.prefix'))}</Grid>
              </>
            )}
            <Grid size={12}>{field('batch', t('coupons.batch'))}</Grid>
            <Grid size={{ xs: 6 }}>
              {field('valueForm', t('coupons.valueForm'), {
                select: true,
                children: ['percents', 'currency'].map((f) => (
                  <MenuItem key={f} value={f}>
                    {t(`coupons.valueForms.${f}`)}
                  </MenuItem>
                )),
              })}
            </Grid>
            <Grid size={{ xs: v.valueForm === 'currency' ? 3 : 6 }}>{field('value', v.valueForm === 'percents' ? t('coupons.percent') : t('coupons.amount'), { slotProps: { htmlInput: { 'data-testid': 'coupon-new-value', inputMode: 'decimal' } } })}</Grid>
            {v.valueForm === 'currency' ? (
              <Grid size={{ xs: 3 }}>
                {field('currency', t('coupons.currency'), {
                  select: true,
                  children: ['eur', 'usd', 'gbp', 'chf', 'pln'].map((c) => (
                    <MenuItem key={c} value={c}>
                      {c.toUpperCase()}
                    </MenuItem>
                  )),
                })}
              </Grid>
            ) : null}
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('scope', t('coupons.scope'), {
                select: true,
                children: ['all_products', 'single_product', 'multiple_products'].map((f) => (
                  <MenuItem key={f} value={f}>
                    {t(`coupons.scopes.${f}`)}
                  </MenuItem>
                )),
              })}
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {field('recurring', t('coupons.recurring'), {
                select: true,
                children: ['first_rate', 'every_rate'].map((f) => (
                  <MenuItem key={f} value={f}>
                    {t(`coupons.recurringRules.${f}`)}
                  </MenuItem>
                )),
              })}
            </Grid>
            {v.scope !== 'all_products' ? (
              <Grid size={12}>
                <TextField
                  select
                  fullWidth
                  size="small"
                  label={t('coupons.products')}
                  value={v.productIds}
                  onChange={(e) => {
                    const value = e.target.value as unknown as number[] | string;
                    const ids = (typeof value === 'string' ? value.split(',') : value).map(Number);
                    form.setValue('productIds', v.scope === 'single_product' ? ids.slice(-1) : ids);
                  }}
                  error={Boolean(form.formState.errors.productIds)}
                  helperText={form.formState.errors.productIds?.message ?? ' '}
                  slotProps={{ select: { multiple: true } }}
                >
                  {(products.data?.list ?? []).map((p) => (
                    <MenuItem key={p.id} value={p.id}>
                      {p.name}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
            ) : null}
            <Grid size={12}>{field('limit', t('coupons.limit'), { type: 'number', helperText: form.formState.errors.limit?.message ?? t('coupons.limitHelp') })}</Grid>
          </Grid>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" loading={create.isPending} onClick={submit} data-testid="coupon-create">
          {t('coupons.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** `/cabinet/coupons`: the seller's coupons with their discount, scope, uses and state; switched on and off in
 * place, searched by code or bulk, exported as CSV (editor §3 Coupon). */
export default function CouponsPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const qc = useQueryClient();
  const [creating, setCreating] = useState(false);
  const defs = useMemo<FilterDef[]>(
    () => [
      { key: 'created', type: 'relative_date_range', label: t('filters.created'), fallback: 'all' },
      { key: 'active', type: 'single_select', label: t('coupons.state'), options: [{ value: 'true', label: t('coupons.active') }, { value: 'false', label: t('coupons.inactive') }] },
      { key: 'value_form', type: 'multi_select', label: t('coupons.valueForm'), options: ['percents', 'currency'].map((f) => ({ value: f, label: t(`coupons.valueForms.${f}`) })) },
      { key: 'mode', type: 'multi_select', label: t('coupons.mode'), options: ['single', 'bulk'].map((m) => ({ value: m, label: t(`coupons.modes.${m}`) })) },
      { key: 'orders', type: 'number_range', label: t('coupons.ordersCount'), min: 0 },
    ],
    [t],
  );
  const view = useListView(LIST_DEFAULTS, defs);
  const params = view.apiQuery;
  const list = useQuery({ queryKey: ['coupons', params], queryFn: ({ signal }) => sdk.listCoupons(params, { signal }), placeholderData: keepPreviousData });
  useTotalSync(view.list.syncTotal, list.data?.totalCount, list.isPlaceholderData);
  const toggle = useMutation({
    mutationFn: (row: Row) => sdk.changeCoupon(row.id, { active: !row.active }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['coupons'] }),
  });
  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h4" component="h1">
          {t('coupons.title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} data-testid="coupon-new">
            {t('coupons.new')}
          </Button>
        </Stack>
      </Stack>
      <FilterBar
        defs={defs}
        filters={view.state.filters}
        onApply={view.list.applyFilters}
        query={view.state.query}
        onSearch={view.list.setQuery}
        searchPlaceholder={t('coupons.search')}
        list="coupons"
        csv={csvHref('/v1/cabinet/coupons/csv', params)}
      />
      <PagedTable<Row>
        {...listed(list, true)}
        rowKey={(r) => r.id}
        empty={t('coupons.empty')}
        count={list.data?.totalCount}
        label={t('coupons.title')}
        {...view.pager}
        columns={[
          {
            key: 'code',
            label: t('coupons.code'),
            render: (r) => (
              <>
                <Typography sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{r.code}</Typography>
                {r.batch ? (
                  <Typography variant="caption" color="text.secondary">
                    {r.batch}
                  </Typography>
                ) : null}
              </>
            ),
          },
          { key: 'discount', label: t('coupons.discount'), render: (r) => (r.valueForm === 'percents' ? `${r.value} %` : money(r.value, r.currency)) },
          { key: 'scope', label: t('coupons.scope'), wide: true, render: (r) => t(`coupons.scopes.${r.scope}`) },
          { key: 'uses', label: t('coupons.uses'), align: 'right', render: (r) => (r.limit ? `${r.ordersCount} / ${r.limit}` : r.ordersCount) },
          {
            key: 'active',
            label: t('coupons.state'),
            render: (r) => (
              <FormControlLabel
                control={<Switch size="small" checked={r.active} onChange={() => toggle.mutate(r)} slotProps={{ input: { 'aria-label': `${t('coupons.active')}: ${r.code}` } }} />}
                label={r.usable ? t('coupons.usable') : r.active ? t('coupons.usedUp') : t('coupons.inactive')}
              />
            ),
          },
          { key: 'created', label: t('coupons.createdAt'), wide: true, render: (r) => formatDateTime(r.createdAt) },
        ]}
      />
      <NewCouponDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
