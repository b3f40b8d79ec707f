import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import PhoneIcon from '@mui/icons-material/PhoneIphone';
import DesktopIcon from '@mui/icons-material/DesktopWindowsOutlined';
import WebIcon from '@mui/icons-material/WebOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import * as sdk from '../../../api/sdk.gen';
import type { CheckoutPage, CheckoutSettings, CheckoutTheme } from '../../../api/types';
import { toast } from '../../../app/notify';
import { useCurrentUser } from '../../../app/useCurrentUser';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { BUMP_POSITIONS } from '../products/editor/UpsellStep';
import { PREVIEW_MESSAGE } from './sample';

const LAYOUTS = ['default', 'simplified', 'two_steps', 'two_steps_advanced'] as const;
const BUY_TEXTS = ['dynamic', 'buy_now', 'agree_on_terms_and_pay', 'complete_order', 'accept_and_pay_now'] as const;
const INCLUDE_TYPES = ['minimal', 'with_address', 'business'] as const;
const EMAIL_MODES = ['standard_email', 'custom_email', 'no_email'] as const;
const PROOFS = ['total_views', 'total_purchases', 'recent_purchase'] as const;
const SEALS = ['visa', 'mastercard', 'sslSecure', 'ownSeal'] as const;
const COLORS: (keyof CheckoutTheme)[] = ['buyButtonColor', 'buyButtonFontColor', 'couponButtonColor', 'couponFontColor', 'pageColor', 'backgroundColor', 'recommendedBadgeColor', 'recommendedBadgeFontColor'];
const WIDTHS = { desktop: 1366, phone: 390 } as const;
const KEY = ['cabinet', 'checkoutSettings'] as const;

/** `/cabinet/checkout_settings`: the seller's checkout pages (core §3): layout, theme, trust seals, buyer details,
 * the confirmation mail and social proof, with a live preview at 1366 px and 390 px. */
export default function CheckoutSettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => sdk.listCheckoutSettings({ signal }) });
  const [selected, setSelected] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const rows = list.data?.list ?? [];
  const current = rows.find((r) => r.id === selected) ?? rows[0] ?? null;

  const create = async () => {
    setCreating(true);
    try {
      const made = await sdk.createCheckoutSettings({ name: t('checkoutPages.newName', { n: rows.length + 1 }) });
      await queryClient.invalidateQueries({ queryKey: KEY });
      setSelected(made.id);
    } finally {
      setCreating(false);
    }
  };

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h4" component="h1">
          {t('checkoutPages.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => void create()} loading={creating} disabled={rows.length >= (list.data?.settingsMax ?? 20)} data-testid="checkout-settings-new">
          {t('checkoutPages.new')}
        </Button>
      </Stack>
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Skeleton variant="rounded" height={420} />
      ) : !current ? (
        <Paper variant="outlined">
          <EmptyState title={t('checkoutPages.empty')} icon={<WebIcon />}>
            {t('checkoutPages.emptyHelp')}
          </EmptyState>
        </Paper>
      ) : (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid="checkout-settings-list" role="tablist">
            {rows.map((r) => (
              <Chip
                key={r.id}
                role="tab"
                aria-selected={r.id === current.id}
                clickable
                color={r.id === current.id ? 'primary' : 'default'}
                variant={r.id === current.id ? 'filled' : 'outlined'}
                onClick={() => setSelected(r.id)}
                label={`${r.name}${r.isDefault ? ` · ${t('checkoutPages.default')}` : ''} · ${t('checkoutPages.usedBy', { count: r.productsCount })}`}
                data-testid={`checkout-settings-${r.id}`}
              />
            ))}
          </Stack>
          <SettingsEditor key={`${current.id}-${current.updatedAt}`} settings={current} />
        </Stack>
      )}
    </Stack>
  );
}

function SettingsEditor({ settings }: { settings: CheckoutSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const [name, setName] = useState(settings.name);
  const [isDefault, setDefault] = useState(settings.isDefault);
  const [page, setPage] = useState<CheckoutPage>(settings.page);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const theme = page.theme as CheckoutTheme;
  const setTheme = (patch: Partial<CheckoutTheme>) => setPage((p) => ({ ...p, theme: { ...(p.theme as CheckoutTheme), ...patch } }));
  const seals = page.trustSeals ?? { visa: true, sslSecure: true, mastercard: true, ownSeal: false };
  const dirty = JSON.stringify([name, isDefault, page]) !== JSON.stringify([settings.name, settings.isDefault, settings.page]);

  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      await sdk.saveCheckoutSettings(settings.id, { name: name.trim() || settings.name, isDefault, page }, { suppressErrors: true });
      await queryClient.invalidateQueries({ queryKey: KEY });
      toast(t('common.saved'), 'success');
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : t('toast.error'));
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    await sdk.deleteCheckoutSettings(settings.id);
    await queryClient.invalidateQueries({ queryKey: KEY });
    toast(t('checkoutPages.deleted'), 'success');
  };

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Stack spacing={2} data-testid="checkout-settings-editor">
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <TextField label={t('checkoutPages.name')} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'checkout-settings-name' } }} />
              <FormControlLabel control={<Switch checked={isDefault} onChange={(e) => setDefault(e.target.checked)} slotProps={{ input: { 'aria-describedby': 'checkout-default-help' } }} data-testid="checkout-default" />} label={t('checkoutPages.makeDefault')} />
              <FormHelperText id="checkout-default-help" sx={{ mt: '-12px !important' }}>
                {t(isDefault ? 'checkoutPages.defaultOn' : 'checkoutPages.defaultOff')}
              </FormHelperText>
              <TextField select label={t('checkoutPages.layout')} value={page.layout} onChange={(e) => setPage((p) => ({ ...p, layout: e.target.value as CheckoutPage['layout'] }))} helperText={t(`checkoutPages.layoutHelp.${page.layout}`)} slotProps={{ htmlInput: { 'data-testid': 'checkout-layout' } }}>
                {LAYOUTS.map((l) => (
                  <MenuItem key={l} value={l}>
                    {t(`checkoutPages.layouts.${l}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" sx={{ mb: 1 }}>
              {t('checkoutPages.theme')}
            </Typography>
            <Grid container spacing={1.5}>
              {COLORS.map((k) => (
                <Grid key={k} size={6}>
                  <TextField type="color" fullWidth size="small" label={t(`checkoutPages.colors.${k}`)} value={String(theme[k])} onChange={(e) => setTheme({ [k]: e.target.value } as Partial<CheckoutTheme>)} />
                </Grid>
              ))}
            </Grid>
            <Typography variant="body2" sx={{ mt: 2 }}>
              {t('checkoutPages.buyRadius', { px: theme.buyButtonBorderRadius })}
            </Typography>
            <Slider value={theme.buyButtonBorderRadius ?? 22} min={0} max={40} onChange={(_, v) => setTheme({ buyButtonBorderRadius: v as number })} aria-label={t('checkoutPages.buyRadius', { px: theme.buyButtonBorderRadius })} />
            <Typography variant="body2">{t('checkoutPages.couponRadius', { px: theme.couponBorderRadius })}</Typography>
            <Slider value={theme.couponBorderRadius ?? 22} min={0} max={40} onChange={(_, v) => setTheme({ couponBorderRadius: v as number })} aria-label={t('checkoutPages.couponRadius', { px: theme.couponBorderRadius })} />
            <Stack spacing={2} sx={{ mt: 1 }}>
              <TextField select size="small" label={t('checkoutPages.buyText')} value={theme.buyButtonText} onChange={(e) => setTheme({ buyButtonText: e.target.value as CheckoutTheme['buyButtonText'] })}>
                {BUY_TEXTS.map((x) => (
                  <MenuItem key={x} value={x}>
                    {t(`checkoutPages.buyTexts.${x}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField size="small" label={t('checkoutPages.freeText')} placeholder={t('shop.startWithoutCharge')} value={theme.getForFreeText ?? ''} onChange={(e) => setTheme({ getForFreeText: e.target.value })} slotProps={{ htmlInput: { maxLength: 60 } }} />
              <TextField select size="small" label={t('checkoutPages.upsellPosition')} value={theme.upsellPosition} onChange={(e) => setTheme({ upsellPosition: e.target.value as CheckoutTheme['upsellPosition'] })}>
                {BUMP_POSITIONS.map((p) => (
                  <MenuItem key={p} value={p}>
                    {t(`addons.positions.${p}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Divider />
              <FormControlLabel control={<Switch checked={Boolean(theme.countdownEnabled)} onChange={(e) => setTheme({ countdownEnabled: e.target.checked })} data-testid="countdown-on" />} label={t('checkoutPages.countdown')} />
              {theme.countdownEnabled ? (
                <Grid container spacing={1.5}>
                  <Grid size={4}>
                    <TextField type="number" size="small" label={t('checkoutPages.countdownMinutes')} value={theme.countdownMinutes} onChange={(e) => setTheme({ countdownMinutes: Math.max(1, Math.min(1440, Number(e.target.value) || 1)) })} />
                  </Grid>
                  <Grid size={8}>
                    <TextField size="small" fullWidth label={t('checkoutPages.countdownText')} placeholder={t('shop.countdown.text')} value={theme.countdownText ?? ''} onChange={(e) => setTheme({ countdownText: e.target.value })} slotProps={{ htmlInput: { maxLength: 60 } }} />
                  </Grid>
                  <Grid size={6}>
                    <TextField type="color" size="small" fullWidth label={t('checkoutPages.colors.countdownColor')} value={theme.countdownColor} onChange={(e) => setTheme({ countdownColor: e.target.value })} />
                  </Grid>
                  <Grid size={6}>
                    <TextField type="color" size="small" fullWidth label={t('checkoutPages.colors.countdownFontColor')} value={theme.countdownFontColor} onChange={(e) => setTheme({ countdownFontColor: e.target.value })} />
                  </Grid>
                </Grid>
              ) : null}
              <FormControlLabel control={<Switch checked={Boolean(theme.expandableDescriptionOnMobileEnabled)} onChange={(e) => setTheme({ expandableDescriptionOnMobileEnabled: e.target.checked })} />} label={t('checkoutPages.expandable')} />
              {theme.expandableDescriptionOnMobileEnabled ? (
                <TextField select size="small" label={t('checkoutPages.expandDefault')} value={theme.expandableDescriptionDefaultBehavior} onChange={(e) => setTheme({ expandableDescriptionDefaultBehavior: e.target.value as CheckoutTheme['expandableDescriptionDefaultBehavior'] })}>
                  {(['expanded', 'collapsed'] as const).map((x) => (
                    <MenuItem key={x} value={x}>
                      {t(`checkoutPages.expand.${x}`)}
                    </MenuItem>
                  ))}
                </TextField>
              ) : null}
            </Stack>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1">{t('checkoutPages.seals')}</Typography>
            <FormGroup row>
              {SEALS.map((k) => (
                <FormControlLabel key={k} control={<Checkbox checked={Boolean(seals[k])} onChange={(e) => setPage((p) => ({ ...p, trustSeals: { ...seals, [k]: e.target.checked } }))} />} label={t(`checkoutPages.sealNames.${k}`)} />
              ))}
            </FormGroup>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <TextField select size="small" label={t('checkoutPages.includeType')} value={page.includeType} onChange={(e) => setPage((p) => ({ ...p, includeType: e.target.value as CheckoutPage['includeType'] }))} helperText={t(`checkoutPages.includeHelp.${page.includeType}`)}>
                {INCLUDE_TYPES.map((x) => (
                  <MenuItem key={x} value={x}>
                    {t(`checkoutPages.includeTypes.${x}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select size="small" label={t('checkoutPages.emailMode')} value={page.emailMode} onChange={(e) => setPage((p) => ({ ...p, emailMode: e.target.value as CheckoutPage['emailMode'] }))} helperText={t(`checkoutPages.emailHelp.${page.emailMode}`)}>
                {EMAIL_MODES.map((x) => (
                  <MenuItem key={x} value={x}>
                    {t(`checkoutPages.emailModes.${x}`)}
                  </MenuItem>
                ))}
              </TextField>
              {page.emailMode === 'custom_email' ? (
                <TextField multiline minRows={3} label={t('checkoutPages.customEmail')} value={page.customEmailText ?? ''} onChange={(e) => setPage((p) => ({ ...p, customEmailText: e.target.value }))} slotProps={{ htmlInput: { maxLength: 2000 } }} />
              ) : null}
              <Typography variant="subtitle2">{t('checkoutPages.socialProof')}</Typography>
              <FormGroup>
                {PROOFS.map((k) => (
                  <FormControlLabel
                    key={k}
                    control={
                      <Checkbox
                        checked={(page.socialProof ?? []).includes(k)}
                        onChange={(e) => setPage((p) => ({ ...p, socialProof: e.target.checked ? [...(p.socialProof ?? []), k] : (p.socialProof ?? []).filter((x) => x !== k) }))}
                      />
                    }
                    label={t(`checkoutPages.proofs.${k}`)}
                  />
                ))}
              </FormGroup>
            </Stack>
          </Paper>
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => void save()} loading={saving} disabled={!dirty} data-testid="checkout-settings-save">
              {t('common.save')}
            </Button>
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => void remove()}>
              {t('common.delete')}
            </Button>
          </Stack>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <LivePreview page={page} seller={user.data?.username ?? ''} />
      </Grid>
    </Grid>
  );
}

/** The draft drawn by the shop's own components in a frame as wide as a laptop (1366 px) or a phone (390 px),
 * scaled to fit: the frame's width is what the page's breakpoints see. */
function LivePreview({ page, seller }: { page: CheckoutPage; seller: string }) {
  const { t } = useTranslation();
  const [device, setDevice] = useState<keyof typeof WIDTHS>('desktop');
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(600);
  const message = useMemo(() => ({ type: PREVIEW_MESSAGE, page, seller }), [page, seller]);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setBoxWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  }, [message]);
  useEffect(() => {
    const ready = (e: MessageEvent) => {
      if (e.origin === window.location.origin && e.data?.type === `${PREVIEW_MESSAGE}.ready`) frame.current?.contentWindow?.postMessage(message, window.location.origin);
    };
    window.addEventListener('message', ready);
    return () => window.removeEventListener('message', ready);
  }, [message]);
  const width = WIDTHS[device];
  const scale = Math.min(1, boxWidth / width);
  const height = device === 'phone' ? 844 : 900;
  return (
    <Paper variant="outlined" sx={{ p: 2, position: { md: 'sticky' }, top: 16 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1">{t('checkoutPages.preview')}</Typography>
        <ToggleButtonGroup size="small" exclusive value={device} onChange={(_, v) => v && setDevice(v)} aria-label={t('checkoutPages.preview')}>
          <ToggleButton value="desktop" data-testid="preview-desktop">
            <DesktopIcon fontSize="small" sx={{ mr: 0.5 }} /> 1366
          </ToggleButton>
          <ToggleButton value="phone" data-testid="preview-phone">
            <PhoneIcon fontSize="small" sx={{ mr: 0.5 }} /> 390
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Box ref={box} sx={{ width: '100%', height: height * scale, overflow: 'hidden', display: 'flex', justifyContent: 'center', bgcolor: 'grey.100', borderRadius: 1 }}>
        <Box
          component="iframe"
          ref={frame}
          title={t('checkoutPages.preview')}
          src="/preview/checkout"
          data-testid="checkout-preview"
          sx={{ width, height, border: 0, transform: `scale(${scale})`, transformOrigin: 'top center', flexShrink: 0, bgcolor: '#fff' }}
        />
      </Box>
    </Paper>
  );
}
