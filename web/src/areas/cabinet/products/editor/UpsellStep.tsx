import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import SellIcon from '@mui/icons-material/SellOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../../api/cabinet';
import { ApiError } from '../../../../api/errors';
import * as sdk from '../../../../api/sdk.gen';
import type { AddonsInput, Product, ProductAddon, ProductAddons } from '../../../../api/types';
import { toast } from '../../../../app/notify';
import { EmptyState } from '../../../../components/EmptyState';
import { ErrorState } from '../../../../components/ErrorState';
import { useMoney } from '../../../../components/Money';
import { productKeys } from '../queries';

/** The forms that can be offered beside another product (the API's rule, domain/catalog/addons.py). */
export const OFFERABLE_FORMS = new Set(['download', 'digital', 'service', 'course', 'license_key', 'certificate']);
export const OFFER_KINDS = ['bump', 'upsell', 'downsell'] as const;
export const BUMP_POSITIONS = ['below_product_details', 'below_payer_details', 'below_payment_methods', 'below_payment_options', 'below_legal_text', 'below_custom_fields'] as const;

type Options = Pick<ProductAddons, 'upsell' | 'upsellTitle' | 'bumpsGrouping' | 'mainProductRequired'>;
type Offer = NonNullable<AddonsInput['addons']>[number];

function asInput(a: ProductAddon): Offer {
  return { productId: a.productId, pricingPlanId: a.pricingPlanId, kind: a.kind, position: a.position, title: a.title ?? null, description: a.description ?? null };
}

/** The product's upsell step (editor §2): order bumps on its checkout page, upsells and downsells after it is paid,
 * and the extra options (editor §3) that say how they show. */
export function UpsellStep({ product }: { product: Product }) {
  const { t } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const key = [...productKeys.detail(product.id), 'addons'] as const;
  const addons = useQuery({ queryKey: key, queryFn: ({ signal }) => sdk.getAddons(product.id, { signal }) });
  const candidates = useQuery({
    queryKey: [...productKeys.lists(), 'offerable'],
    queryFn: ({ signal }) => cabinetApi.products({ per: 100, sort_key: 'name', sort_dir: 'asc', filters: { state: 'published' } }, signal),
  });
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ productId: number | null; planId: number | null; kind: (typeof OFFER_KINDS)[number]; position: string; title: string; description: string }>({
    productId: null,
    planId: null,
    kind: 'bump',
    position: 'below_product_details',
    title: '',
    description: '',
  });

  if (addons.isError) return <ErrorState error={addons.error} onRetry={() => void addons.refetch()} />;
  if (addons.isPending) return <Skeleton variant="rounded" height={240} />;
  const data = addons.data;
  const list = data.addons;

  const save = async (offers: Offer[], options: Partial<Options> = {}) => {
    setSaving(true);
    setProblem(null);
    try {
      const body: AddonsInput = { upsell: data.upsell, upsellTitle: data.upsellTitle ?? null, bumpsGrouping: data.bumpsGrouping, mainProductRequired: data.mainProductRequired, addons: offers, ...options };
      const answer = await sdk.setAddons(product.id, body, { suppressErrors: true });
      queryClient.setQueryData(key, answer);
      toast(t('common.saved'), 'success');
      return true;
    } catch (e) {
      setProblem(e instanceof ApiError && e.reason ? t(`addons.problems.${e.reason}`, { defaultValue: t('toast.error') }) : t('toast.error'));
      return false;
    } finally {
      setSaving(false);
    }
  };
  const offers = list.map(asInput);
  const move = (at: number, step: -1 | 1) => {
    const next = [...offers];
    [next[at], next[at + step]] = [next[at + step]!, next[at]!];
    void save(next);
  };
  const products = (candidates.data?.list ?? []).filter((p) => OFFERABLE_FORMS.has(p.form) && p.id !== product.id && !p.isArchived);
  const picked = products.find((p) => p.id === draft.productId) ?? null;
  const plans = (picked?.pricingPlans ?? []).filter((p) => (draft.kind === 'bump' ? p.paymentType === 'one_time' : !(p.testDays || p.startDay)));
  const add = async () => {
    if (!draft.productId || !draft.planId) return;
    const offer: Offer = {
      productId: draft.productId,
      pricingPlanId: draft.planId,
      kind: draft.kind,
      position: draft.position as Offer['position'],
      title: draft.title.trim() || null,
      description: draft.description.trim() || null,
    };
    if (await save([...offers, offer])) setDraft((d) => ({ ...d, productId: null, planId: null, title: '', description: '' }));
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }} data-testid="upsell-step">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" sx={{ mr: 1 }}>
          {t('addons.title')}
        </Typography>
        <Chip label={t('addons.count', { count: list.length, max: data.addonsMax })} />
      </Stack>
      <Typography color="text.secondary">{t('addons.intro')}</Typography>
      <Paper variant="outlined">
        {list.length === 0 ? (
          <EmptyState title={t('addons.empty')} icon={<SellIcon />} />
        ) : (
          <List dense disablePadding data-testid="offers" aria-busy={saving}>
            {list.map((a, at) => (
              <ListItem key={a.id} divider data-testid={`offer-${a.productName}`} sx={{ flexWrap: 'wrap' }}>
                <ListItemText
                  primary={a.title || a.productName}
                  secondary={[a.productName, `${a.planName} · ${money(a.price, a.currency)}`, a.kind === 'bump' ? t(`addons.positions.${a.position}`) : null].filter(Boolean).join(' · ')}
                />
                <Chip size="small" color={a.kind === 'bump' ? 'primary' : a.kind === 'upsell' ? 'success' : 'default'} label={t(`addons.kinds.${a.kind}`)} sx={{ mr: 1 }} />
                {!a.sellable ? <Chip size="small" variant="outlined" color="warning" label={t('addons.notSelling')} sx={{ mr: 1 }} /> : null}
                <IconButton size="small" aria-label={t('course.editor.moveUp', { title: a.productName })} disabled={at === 0 || saving} onClick={() => move(at, -1)}>
                  <ArrowUpIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={t('course.editor.moveDown', { title: a.productName })} disabled={at === list.length - 1 || saving} onClick={() => move(at, 1)}>
                  <ArrowDownIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={t('addons.remove', { name: a.productName })} disabled={saving} onClick={() => void save(offers.filter((_, i) => i !== at))}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" sx={{ mb: 2 }}>
          {t('addons.add')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField select fullWidth label={t('addons.kind')} value={draft.kind} onChange={(e) => setDraft((d) => ({ ...d, kind: e.target.value as (typeof OFFER_KINDS)[number], planId: null }))} slotProps={{ htmlInput: { 'data-testid': 'offer-kind' } }} helperText={t(`addons.kindHelp.${draft.kind}`)}>
              {OFFER_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`addons.kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <Autocomplete
              options={products}
              loading={candidates.isPending}
              getOptionLabel={(o) => o.name}
              groupBy={(o) => t(`products.forms.${o.form}`)}
              value={picked}
              onChange={(_, chosen) => setDraft((d) => ({ ...d, productId: chosen?.id ?? null, planId: null }))}
              noOptionsText={t('addons.noOptions')}
              renderInput={(params) => (
                <TextField {...params} label={t('addons.product')} helperText={t('addons.productHelp')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'offer-product' } }} />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              fullWidth
              label={t('addons.plan')}
              value={draft.planId ?? ''}
              disabled={!picked}
              onChange={(e) => setDraft((d) => ({ ...d, planId: Number(e.target.value) }))}
              helperText={picked && !plans.length ? t(draft.kind === 'bump' ? 'addons.noOneTimePlan' : 'addons.noPlan') : ' '}
              error={Boolean(picked && !plans.length)}
              slotProps={{ htmlInput: { 'data-testid': 'offer-plan' } }}
            >
              {plans.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name} · {money(p.price, p.currency)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          {draft.kind === 'bump' ? (
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField select fullWidth label={t('addons.position')} value={draft.position} onChange={(e) => setDraft((d) => ({ ...d, position: e.target.value }))} slotProps={{ htmlInput: { 'data-testid': 'offer-position' } }}>
                {BUMP_POSITIONS.map((p) => (
                  <MenuItem key={p} value={p}>
                    {t(`addons.positions.${p}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          ) : null}
          <Grid size={12}>
            <TextField fullWidth label={t('addons.offerTitle')} value={draft.title} onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))} slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'offer-title' } }} helperText={t('addons.offerTitleHelp')} />
          </Grid>
          <Grid size={12}>
            <TextField fullWidth multiline minRows={2} label={t('addons.description')} value={draft.description} onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))} slotProps={{ htmlInput: { maxLength: 1000 } }} />
          </Grid>
        </Grid>
        <Button variant="contained" startIcon={<AddIcon />} sx={{ mt: 2 }} disabled={!draft.productId || !draft.planId || saving || list.length >= data.addonsMax} loading={saving} onClick={() => void add()} data-testid="offer-add">
          {t('addons.addButton')}
        </Button>
      </Paper>
      {problem ? (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" sx={{ mb: 1 }}>
          {t('addons.options')}
        </Typography>
        <Stack spacing={2}>
          <FormControlLabel
            control={<Switch checked={data.upsell} disabled={saving} onChange={(e) => void save(offers, { upsell: e.target.checked })} data-testid="offer-upsell-on" />}
            label={
              <>
                <Typography>{t('addons.upsellOn')}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('addons.upsellOnHelp')}
                </Typography>
              </>
            }
          />
          <TextField
            label={t('addons.upsellTitle')}
            defaultValue={data.upsellTitle ?? ''}
            key={data.upsellTitle ?? ''}
            onBlur={(e) => {
              const v = e.target.value.trim() || null;
              if (v !== (data.upsellTitle ?? null)) void save(offers, { upsellTitle: v });
            }}
            slotProps={{ htmlInput: { maxLength: 120 } }}
            helperText={t('addons.upsellTitleHelp')}
          />
          <FormControlLabel
            control={<Switch checked={!data.mainProductRequired} disabled={saving} onChange={(e) => void save(offers, { mainProductRequired: !e.target.checked })} data-testid="offer-main-optional" />}
            label={
              <>
                <Typography>{t('addons.mainOptional')}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('addons.mainOptionalHelp')}
                </Typography>
              </>
            }
          />
          <TextField select label={t('addons.grouping')} value={data.bumpsGrouping} onChange={(e) => void save(offers, { bumpsGrouping: e.target.value as Options['bumpsGrouping'] })} sx={{ maxWidth: 360 }}>
            {(['separate', 'grouped'] as const).map((g) => (
              <MenuItem key={g} value={g}>
                {t(`addons.groupings.${g}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Paper>
    </Stack>
  );
}
