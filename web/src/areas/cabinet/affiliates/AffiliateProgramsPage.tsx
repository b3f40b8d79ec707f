import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../api/cabinet';
import { ApiError } from '../../../api/errors';
import type { Answer, Body } from '../../../api/sdk';
import * as sdk from '../../../api/sdk.gen';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { formatDateTime } from '../../../components/dates';
import { parseMoneyInput } from '../../../lib/money';

type Program = Answer<'get_affiliate_program'>;
type Form = Body<'create_affiliate_program'>;
type Rate = { uid: number; text: string };
type Stages = { uid: number; productId: string; rates: Rate[] }[];
let nextUid = 1;
const uid = () => nextUid++;
const KEY = ['affiliate-programs'] as const;

/** Basis points as a percent a person types: 2000 → "20", 1250 → "12.5". */
const percentText = (bp: number) => String(bp / 100);
/** A typed percent ("12.5", "12,5") as basis points, by string arithmetic; null when it is not one. */
const basisPoints = (text: string) => {
  const bp = parseMoneyInput(text.trim() || '0', 'eur');
  return bp !== null && bp <= 10_000 ? bp : null;
};

/** `/cabinet/affiliate_programs`: the seller's affiliate programs (editor §3), and a program's form. */
export default function AffiliateProgramsPage() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => sdk.listAffiliatePrograms({ signal }) });
  const [editing, setEditing] = useState<Program | 'new' | null>(null);
  const open = async (id: number) => setEditing(await sdk.getAffiliateProgram(id));
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1">
          {t('affiliates.title')}
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')} data-testid="new-program">
          {t('affiliates.new')}
        </Button>
      </Stack>
      <Typography color="text.secondary">{t('affiliates.intro')}</Typography>
      {list.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <Paper>
          <EmptyState title={t('affiliates.empty')}>{t('affiliates.emptyHint')}</EmptyState>
        </Paper>
      ) : (
        <Paper sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('common.table')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('affiliates.name')}</TableCell>
                <TableCell>{t('affiliates.commission')}</TableCell>
                <TableCell>{t('affiliates.duration')}</TableCell>
                <TableCell>{t('affiliates.cookies')}</TableCell>
                <TableCell>{t('affiliates.publishers')}</TableCell>
                <TableCell>{t('affiliates.createdAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.list.map((p) => (
                <TableRow key={p.id} hover sx={{ cursor: 'pointer' }} onClick={() => void open(p.id)} data-testid="program-row">
                  <TableCell>{p.name}</TableCell>
                  <TableCell>
                    {t('affiliates.percent', { value: percentText(p.commissionBp) })} · {t(`affiliates.types.${p.type}`)}
                  </TableCell>
                  <TableCell>{t(`affiliates.durations.${p.lifetime}`)}</TableCell>
                  <TableCell>{t('affiliates.days', { count: p.cookiesExpire })}</TableCell>
                  <TableCell>
                    {p.activePublishers}
                    {p.openRequests ? <Chip size="small" color="warning" sx={{ ml: 1 }} label={t('affiliates.requests', { count: p.openRequests })} /> : null}
                  </TableCell>
                  <TableCell>{formatDateTime(p.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {editing ? <ProgramDialog program={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}

function ProgramDialog({ program, onClose }: { program: Program | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const start = program?.form;
  const products = useQuery({ queryKey: ['affiliate-programs', 'products'], queryFn: ({ signal }) => cabinetApi.products({ per: 100 }, signal) });
  const [name, setName] = useState(start?.name ?? '');
  const [type, setType] = useState<'single' | 'multiple'>(start?.form ?? 'single');
  const [rate, setRate] = useState(percentText(start?.commissionBp ?? 0));
  const [stages, setStages] = useState<Stages>(() => (start?.productCommissions ?? []).map((pc) => ({ uid: uid(), productId: String(pc.productId), rates: pc.stages.map((st) => ({ uid: uid(), text: percentText(st.rateBp) })) })));
  const [scope, setScope] = useState<'all' | 'products'>(start?.scope ?? 'all');
  const [productIds, setProductIds] = useState<string[]>((start?.productIds ?? []).map(String));
  const [cookies, setCookies] = useState(String(start?.cookiesExpire ?? 180));
  const [lifetime, setLifetime] = useState<'none' | 'lifetime' | 'fixed'>(start?.lifetime ?? 'none');
  const [days, setDays] = useState(String(start?.lifetimeDuration ?? 15));
  const [bonus, setBonus] = useState(((start?.bonus ?? 0) / 100).toFixed(2));
  const [gross, setGross] = useState(start?.provisionFromBrutto ?? true);
  const [noLanding, setNoLanding] = useState(start?.disableLandingPage ?? false);
  const [landing, setLanding] = useState(start?.landingBody ?? t('affiliates.defaultLanding'));
  const [redirect, setRedirect] = useState(start?.redirectionUrl ?? '');
  const [marketplace, setMarketplace] = useState(start?.affiliateMarketplaceProduct ?? false);
  const [forward, setForward] = useState(start?.forwardUrlParams ?? false);

  const body = (): Form | null => {
    const bp = basisPoints(rate);
    const money = parseMoneyInput(bonus.trim() || '0', 'eur');
    const perProduct = stages.map((x) => ({ productId: Number(x.productId), stages: x.rates.map((r) => ({ rateBp: basisPoints(r.text) ?? -1 })) }));
    if (bp === null || money === null || perProduct.some((x) => !x.productId || x.stages.some((st) => st.rateBp < 0))) return null;
    return {
      name: name.trim(),
      form: type,
      commissionBp: type === 'single' ? bp : 0,
      productCommissions: type === 'multiple' ? perProduct : [],
      scope,
      productIds: scope === 'products' ? productIds.map(Number) : [],
      cookiesExpire: Number(cookies),
      lifetime,
      lifetimeDuration: Number(days),
      bonus: money,
      provisionFromBrutto: gross,
      disableLandingPage: noLanding,
      landingBody: landing,
      redirectionUrl: redirect.trim() || null,
      forwardUrlParams: forward,
      affiliateMarketplaceProduct: marketplace,
    } as Form;
  };
  const save = useMutation({
    mutationFn: (form: Form) => (program ? sdk.saveAffiliateProgram(program.id, form, { suppressErrors: true }) : sdk.createAffiliateProgram(form, { suppressErrors: true })),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: KEY });
      onClose();
    },
  });
  const remove = useMutation({
    mutationFn: () => sdk.deleteAffiliateProgram((program as Program).id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: KEY });
      onClose();
    },
  });
  const form = body();
  const err = save.error instanceof ApiError ? save.error : null;
  const choices = products.data?.list ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{program ? program.name : t('affiliates.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('affiliates.name')} value={name} onChange={(e) => setName(e.target.value)} required slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'program-name' } }} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label={t('affiliates.type')} value={type} onChange={(e) => setType(e.target.value as 'single' | 'multiple')} sx={{ minWidth: 220 }}>
              <MenuItem value="single">{t('affiliates.types.single')}</MenuItem>
              <MenuItem value="multiple">{t('affiliates.types.multiple')}</MenuItem>
            </TextField>
            {type === 'single' ? (
              <TextField label={t('affiliates.rate')} value={rate} onChange={(e) => setRate(e.target.value)} error={basisPoints(rate) === null} helperText={t('affiliates.rateHelp')} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'program-rate' } }} />
            ) : null}
          </Stack>
          {type === 'multiple' ? (
            <Stack spacing={1}>
              <Typography variant="subtitle2">{t('affiliates.stages')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('affiliates.stagesHelp')}
              </Typography>
              {stages.map((x) => (
                <Stack key={x.uid} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                  <TextField select size="small" label={t('affiliates.product')} value={x.productId} onChange={(e) => setStages(stages.map((y) => (y.uid === x.uid ? { ...y, productId: e.target.value } : y)))} sx={{ minWidth: 200 }}>
                    {choices.map((p) => (
                      <MenuItem key={p.id} value={String(p.id)}>
                        {p.name}
                      </MenuItem>
                    ))}
                  </TextField>
                  {x.rates.map((r, k) => (
                    <TextField key={r.uid} size="small" label={t('affiliates.stage', { n: k + 1 })} value={r.text} error={basisPoints(r.text) === null} onChange={(e) => setStages(stages.map((y) => (y.uid === x.uid ? { ...y, rates: y.rates.map((z) => (z.uid === r.uid ? { ...z, text: e.target.value } : z)) } : y)))} sx={{ width: 100 }} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
                  ))}
                  <Button size="small" disabled={x.rates.length >= 5} onClick={() => setStages(stages.map((y) => (y.uid === x.uid ? { ...y, rates: [...y.rates, { uid: uid(), text: '0' }] } : y)))}>
                    {t('affiliates.addStage')}
                  </Button>
                  <IconButton size="small" aria-label={t('common.delete')} onClick={() => setStages(stages.filter((y) => y.uid !== x.uid))}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Stack>
              ))}
              <Button sx={{ alignSelf: 'start' }} onClick={() => setStages([...stages, { uid: uid(), productId: '', rates: [{ uid: uid(), text: '0' }] }])}>
                {t('affiliates.addProduct')}
              </Button>
            </Stack>
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label={t('affiliates.scope')} value={scope} onChange={(e) => setScope(e.target.value as 'all' | 'products')} sx={{ minWidth: 220 }}>
              <MenuItem value="all">{t('affiliates.scopes.all')}</MenuItem>
              <MenuItem value="products">{t('affiliates.scopes.products')}</MenuItem>
            </TextField>
            {scope === 'products' ? (
              <TextField select label={t('affiliates.products')} value={productIds} onChange={(e) => setProductIds(e.target.value as unknown as string[])} slotProps={{ select: { multiple: true } }} sx={{ minWidth: 260 }}>
                {choices.map((p) => (
                  <MenuItem key={p.id} value={String(p.id)}>
                    {p.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label={t('affiliates.cookies')} value={cookies} onChange={(e) => setCookies(e.target.value.replace(/\D/g, ''))} helperText={t('affiliates.cookiesHelp')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <TextField select label={t('affiliates.duration')} value={lifetime} onChange={(e) => setLifetime(e.target.value as 'none' | 'lifetime' | 'fixed')} sx={{ minWidth: 220 }}>
              {(['none', 'lifetime', 'fixed'] as const).map((d) => (
                <MenuItem key={d} value={d}>
                  {t(`affiliates.durations.${d}`)}
                </MenuItem>
              ))}
            </TextField>
            {lifetime === 'fixed' ? <TextField label={t('affiliates.durationDays')} value={days} onChange={(e) => setDays(e.target.value.replace(/\D/g, ''))} slotProps={{ htmlInput: { inputMode: 'numeric' } }} /> : null}
            <TextField label={t('affiliates.bonus')} value={bonus} onChange={(e) => setBonus(e.target.value)} error={parseMoneyInput(bonus.trim() || '0', 'eur') === null} helperText={t('affiliates.bonusHelp')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          </Stack>
          <FormControlLabel control={<Switch checked={gross} onChange={(e) => setGross(e.target.checked)} />} label={t('affiliates.gross')} />
          <FormControlLabel control={<Switch checked={!noLanding} onChange={(e) => setNoLanding(!e.target.checked)} />} label={t('affiliates.landingOn')} />
          {noLanding ? null : <TextField label={t('affiliates.landing')} value={landing} onChange={(e) => setLanding(e.target.value)} multiline minRows={3} helperText={t('affiliates.landingHelp')} slotProps={{ htmlInput: { maxLength: 5000 } }} />}
          <TextField label={t('affiliates.redirect')} value={redirect} onChange={(e) => setRedirect(e.target.value)} helperText={t('affiliates.redirectHelp')} slotProps={{ htmlInput: { maxLength: 2000 } }} />
          <FormControlLabel control={<Switch checked={forward} onChange={(e) => setForward(e.target.checked)} />} label={t('affiliates.forward')} />
          <FormControlLabel control={<Switch checked={marketplace} onChange={(e) => setMarketplace(e.target.checked)} />} label={t('affiliates.marketplace')} />
          {err ? <Alert severity="error">{err.fields ? t('affiliates.invalid') : err.message}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        {program ? (
          <Button color="error" onClick={() => remove.mutate()} disabled={remove.isPending} sx={{ mr: 'auto' }}>
            {t('common.delete')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!form || !name.trim() || save.isPending} onClick={() => form && save.mutate(form)} data-testid="save-program">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
