import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cabinetApi, type BankAccountInput, type SellerProfileInput } from '../../../api/cabinet';
import { ApiError } from '../../../api/errors';
import { BankAccountInSchema } from '../../../api/zod.gen';
import { fieldProps, rules, useSchemaForm } from '../../../lib/zodForm';
import { sessionKeys } from '../../../app/queries';
import { toast } from '../../../app/notify';
import { PageLoader } from '../../../components/PageLoader';
import { formatDateTime } from '../../../components/dates';
import {
  BANK_ACCOUNT_TYPES,
  camelKey,
  messageKey,
  stepErrors,
  stepFields,
  visibleField,
  type FieldSpec,
  type WizardStep,
} from './profileForm';
import { profileKeys, profileQueries } from './queries';

type Values = Record<string, unknown>;
type Owner = Record<string, string | null>;
const COUNTRIES = ['DE', 'AT', 'CH', 'FR', 'NL', 'BE', 'ES', 'IT', 'IE', 'LU', 'PL', 'CZ', 'DK', 'SE', 'FI', 'PT', 'GB', 'US'];

function useCountryName() {
  const { i18n } = useTranslation();
  const names = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);
  return (code: string) => names.of(code) ?? code;
}

/** An API field message (`required`, `wrong vat`, …) in the user's language. */
function useMessage() {
  const { t } = useTranslation();
  return (message: string | undefined) => (message ? t(`profileErrors.${messageKey(message)}`, { defaultValue: message }) : undefined);
}

function Field({ spec, values, errors, onChange, disabled }: {
  spec: FieldSpec;
  values: Values;
  errors: Record<string, string>;
  onChange: (name: string, value: unknown) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const country = useCountryName();
  const message = useMessage();
  const value = values[spec.name];
  const error = message(errors[spec.name]);
  const label = t(`profile.fields.${spec.name}`);
  if (spec.kind === 'bool') {
    const current = value === true ? 'yes' : value === false ? 'no' : '';
    return (
      <TextField
        select
        fullWidth
        size="small"
        id={`profile-${spec.name}`}
        label={label}
        value={current}
        error={Boolean(error)}
        helperText={error}
        disabled={disabled}
        onChange={(e) => onChange(spec.name, e.target.value === '' ? null : e.target.value === 'yes')}
      >
        <MenuItem value="">
          <em>{t('profile.choose')}</em>
        </MenuItem>
        <MenuItem value="yes">{t('common.yes')}</MenuItem>
        <MenuItem value="no">{t('common.no')}</MenuItem>
      </TextField>
    );
  }
  const common = {
    fullWidth: true,
    size: 'small' as const,
    label,
    error: Boolean(error),
    helperText: error,
    disabled,
    name: spec.name,
    id: `profile-${spec.name}`,
  };
  if (spec.kind === 'select' || spec.kind === 'country') {
    const options = spec.kind === 'country' ? COUNTRIES : (spec.values ?? []);
    return (
      <TextField select {...common} value={(value as string) ?? ''} onChange={(e) => onChange(spec.name, e.target.value || null)}>
        <MenuItem value="">
          <em>{t('profile.choose')}</em>
        </MenuItem>
        {options.map((o) => (
          <MenuItem key={o} value={o}>
            {spec.kind === 'country' ? country(o) : t(`enums.${spec.options}.${o}`)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      {...common}
      type={spec.kind === 'date' ? 'date' : 'text'}
      slotProps={spec.kind === 'date' ? { inputLabel: { shrink: true } } : undefined}
      value={(value as string) ?? ''}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(spec.name, e.target.value || null)}
    />
  );
}

function Owners({ owners, setOwners, errors, disabled }: {
  owners: Owner[];
  setOwners: (o: Owner[]) => void;
  errors: Record<string, string>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const set = (i: number, k: string, v: string) => setOwners(owners.map((o, j) => (j === i ? { ...o, [k]: v || null } : o)));
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2">{t('profile.owners')}</Typography>
      {errors.beneficialOwners ? <Alert severity="warning">{message(errors.beneficialOwners)}</Alert> : null}
      {owners.map((o, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an owner has no id before it is saved; rows keep their order
        <Grid container spacing={1} key={i} sx={{ mt: 1 }}>
          {['firstName', 'lastName', 'birthday', 'birthplaceCity', 'birthplaceCountry', 'nationality'].map((k) => (
            <Grid size={{ xs: 12, sm: 4 }} key={k}>
              <TextField
                fullWidth
                size="small"
                label={t(`profile.fields.${k}`)}
                type={k === 'birthday' ? 'date' : 'text'}
                slotProps={k === 'birthday' ? { inputLabel: { shrink: true } } : undefined}
                value={o[k] ?? ''}
                disabled={disabled}
                error={Boolean(errors[`beneficialOwners.${i}.${k}`])}
                helperText={message(errors[`beneficialOwners.${i}.${k}`])}
                onChange={(e) => set(i, k, e.target.value)}
              />
            </Grid>
          ))}
          <Grid size={12}>
            <Button size="small" disabled={disabled} onClick={() => setOwners(owners.filter((_, j) => j !== i))}>
              {t('profile.removeOwner')}
            </Button>
          </Grid>
        </Grid>
      ))}
      <Button size="small" sx={{ mt: 1 }} disabled={disabled || owners.length >= 10} onClick={() => setOwners([...owners, {}])}>
        {t('profile.addOwner')}
      </Button>
    </Box>
  );
}

const NO_BANK = { kind: 'lemonway', holder: '', iban: '', bic: '' } as const;
const B = BankAccountInSchema.shape;
const BankForm = BankAccountInSchema.extend({ kind: B.kind.unwrap(), holder: rules.required(B.holder), iban: rules.required(B.iban), bic: B.bic.trim() });

/** The payout bank account (core §3): its type, holder, IBAN and BIC; the API checks the IBAN and says why at the
 * field. */
function BankAccountForm({ disabled, onAdded }: { disabled: boolean; onAdded: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const form = useSchemaForm(BankForm, NO_BANK);
  const addBank = useMutation({
    mutationFn: (bank: BankAccountInput) => cabinetApi.addBankAccount(bank),
    onSuccess: () => {
      form.reset(NO_BANK);
      onAdded();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fields) {
        for (const [k, v] of Object.entries(e.fields)) form.setError(camelKey(k) as keyof BankAccountInput, { message: message(String(v)) ?? String(v) });
      } else toast(e instanceof Error ? e.message : t('toast.error'), 'error');
    },
  });
  const submit = form.handleSubmit((bank) => addBank.mutate(bank));
  return (
    <Grid container spacing={1}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField select fullWidth size="small" label={t('profile.fields.kind')} value={form.watch('kind')} disabled={disabled} onChange={(e) => form.setValue('kind', e.target.value as BankAccountInput['kind'] & string)}>
          {BANK_ACCOUNT_TYPES.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`enums.bankAccountType.${k}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      {(['holder', 'iban', 'bic'] as const).map((k) => (
        <Grid size={{ xs: 12, sm: 6 }} key={k}>
          <TextField fullWidth size="small" id={`bank-${k}`} label={t(`profile.fields.${k}`)} disabled={disabled} {...fieldProps(form, k, null)} />
        </Grid>
      ))}
      <Grid size={12}>
        <Button variant="outlined" disabled={disabled || addBank.isPending} onClick={submit}>
          {t('profile.addBank')}
        </Button>
      </Grid>
    </Grid>
  );
}

function Documents({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const docs = useQuery(profileQueries.documents());
  const banks = useQuery(profileQueries.bankAccounts());
  const message = useMessage();
  const refresh = () => qc.invalidateQueries({ queryKey: profileKeys.all });
  const upload = useMutation({
    mutationFn: ({ type, file }: { type: string; file: File }) => cabinetApi.uploadDocument(type, file),
    onSuccess: refresh,
    onError: (e) => toast(e instanceof ApiError ? message(String(Object.values(e.fields ?? {})[0] ?? e.message)) ?? e.message : t('toast.error'), 'error'),
  });
  const remove = useMutation({ mutationFn: (id: number) => cabinetApi.removeDocument(id), onSuccess: refresh });
  if (docs.isPending || banks.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  const list = docs.data?.list ?? [];
  return (
    <Box>
      <Typography variant="subtitle1">{t('profile.documentsTitle')}</Typography>
      <List dense>
        {(docs.data?.required ?? []).map((type) => {
          const have = list.filter((d) => d.type === type);
          return (
            <ListItem
              key={type}
              secondaryAction={
                <Button component="label" size="small" disabled={disabled || upload.isPending}>
                  {t('profile.upload')}
                  <input
                    hidden
                    type="file"
                    accept="application/pdf,image/png,image/jpeg"
                    aria-label={t(`enums.documentType.${type}`)}
                    data-document-type={type}
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      if (file) upload.mutate({ type, file });
                      e.target.value = '';
                    }}
                  />
                </Button>
              }
            >
              <ListItemText
                primary={t(`enums.documentType.${type}`)}
                secondary={
                  have.length
                    ? have.map((d) => (
                        <Chip
                          key={d.id}
                          size="small"
                          sx={{ mr: 0.5 }}
                          label={`${d.fileName} · ${t(`enums.documentState.${d.state}`)}`}
                          onDelete={disabled ? undefined : () => remove.mutate(d.id)}
                        />
                      ))
                    : t('profile.missingDocument')
                }
                slotProps={{ secondary: { component: 'div' } }}
              />
            </ListItem>
          );
        })}
      </List>
      {upload.isPending ? <LinearProgress aria-label={t('common.loading')} /> : null}
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        {t('profile.bankTitle')}
      </Typography>
      <List dense>
        {(banks.data?.list ?? []).map((b) => (
          <ListItem key={b.id}>
            <ListItemText primary={`${b.holder} · ${b.iban}`} secondary={`${t(`enums.bankAccountType.${b.kind}`)} · ${t(`enums.bankAccountState.${b.state}`)}`} />
          </ListItem>
        ))}
      </List>
      {(banks.data?.list ?? []).length === 0 ? <BankAccountForm disabled={disabled} onAdded={() => void refresh()} /> : null}
    </Box>
  );
}

function Summary({ onSubmit, submitting, submitErrors }: { onSubmit: () => void; submitting: boolean; submitErrors: Record<string, string> }) {
  const { t } = useTranslation();
  const leg = useQuery({ ...profileQueries.legitimation(), refetchInterval: 3000 });
  const message = useMessage();
  if (leg.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  const l = leg.data;
  if (!l) return null;
  const reviewing = ['requested', 'in_review', 'registered'].includes(l.step);
  return (
    <Box>
      {l.canSell ? <Alert severity="success">{t('legitimation.canSell')}</Alert> : null}
      {l.step === 'rejected' ? <Alert severity="error">{t('legitimation.rejected', { reason: l.reason ?? '' })}</Alert> : null}
      {l.step === 'change' ? <Alert severity="warning">{t('legitimation.changes', { reason: l.reason ?? '' })}</Alert> : null}
      {reviewing ? <Alert severity="info">{t('legitimation.inReview')}</Alert> : null}
      <Typography variant="subtitle1" sx={{ mt: 2 }}>
        {t('legitimation.state')}: {t(`enums.legitimationStep.${l.step}`)}
      </Typography>
      {l.missing.length ? (
        <List dense>
          {l.missing.map((m) => (
            <ListItem key={m}>
              <ListItemText primary={t(`legitimation.missing.${m}`)} />
            </ListItem>
          ))}
        </List>
      ) : null}
      {Object.keys(submitErrors).length ? (
        <Alert severity="warning" sx={{ my: 1 }}>
          {Object.entries(submitErrors)
            .map(([k, v]) => `${t(`profile.fields.${k}`, { defaultValue: k })}: ${message(v)}`)
            .join(' · ')}
        </Alert>
      ) : null}
      {!reviewing && !l.canSell && l.step !== 'rejected' ? (
        <Button variant="contained" onClick={onSubmit} disabled={submitting} sx={{ mt: 1 }}>
          {t('legitimation.submit')}
        </Button>
      ) : null}
      {l.history.length ? (
        <>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {t('legitimation.history')}
          </Typography>
          <List dense>
            {l.history.map((h) => (
              <ListItem key={h.seq}>
                <ListItemText
                  primary={t(`legitimation.actions.${h.action}`, { defaultValue: h.action })}
                  secondary={`${formatDateTime(h.at)}${h.reason ? ` · ${h.reason}` : ''}`}
                />
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
    </Box>
  );
}

/** `/cabinet/profile/edit?seller_profile_edit=true`: the seller profile modal (core §2), step by step. */
export default function ProfileEditPage() {
  return <ProfileEditor home="/cabinet" />;
}

/** The profile, bank account and documents a payee is legitimated by (a seller's, or a publisher's own);
 * closing goes `home`. */
export function ProfileEditor({ home }: { home: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const profile = useQuery(profileQueries.profile());
  const [values, setValues] = useState<Values>({});
  const [owners, setOwners] = useState<Owner[]>([]);
  const [step, setStep] = useState<WizardStep | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitErrors, setSubmitErrors] = useState<Record<string, string>>({});
  const open = params.get('seller_profile_edit') !== 'false';

  useEffect(() => {
    if (!profile.data || step !== null) return;
    const { errors: _e, steps: _s, editable: _ed, registrationDone: _r, verificationRequired: _v, beneficialOwners, wizardStep, ...rest } = profile.data;
    setValues(rest);
    setOwners((beneficialOwners ?? []) as Owner[]);
    const asked = params.get('step') as WizardStep | null;
    const steps = profile.data.steps as WizardStep[];
    setStep(asked && steps.includes(asked) ? asked : steps.includes(wizardStep as WizardStep) ? (wizardStep as WizardStep) : steps[0] ?? 'business');
  }, [profile.data, step, params]);

  const save = useMutation({
    mutationFn: (next: WizardStep) =>
      cabinetApi.saveSellerProfile({ ...values, beneficialOwners: owners, wizardStep: next } as SellerProfileInput),
    onSuccess: (saved) => qc.setQueryData(profileKeys.profile(), saved),
  });
  const submit = useMutation({
    mutationFn: () => cabinetApi.submitSellerProfile(),
    onSuccess: () => {
      setSubmitErrors({});
      toast(t('legitimation.submitted'), 'success');
      void qc.invalidateQueries({ queryKey: profileKeys.all });
      void qc.invalidateQueries({ queryKey: sessionKeys.me() });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fields) setSubmitErrors(Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [camelKey(k), String(v)])));
      else toast(e instanceof Error ? e.message : t('toast.error'), 'error');
    },
  });

  const close = () => navigate(home);
  if (profile.isPending || step === null) return <PageLoader minHeight="40vh" />;
  const data = profile.data;
  if (!data) return null;
  const steps = data.steps as WizardStep[];
  const index = Math.max(0, steps.indexOf(step));
  const disabled = !data.editable;
  const fields = stepFields(step).filter((f) => visibleField(f.name, values));
  const entity = values.businessType === 'entity';

  const go = async (next: WizardStep) => {
    if (disabled) return setStep(next);
    try {
      const saved = await save.mutateAsync(next);
      const mine = stepErrors(saved.errors, step);
      const forward = steps.indexOf(next) > steps.indexOf(step);
      setErrors(mine);
      if (forward && Object.keys(mine).length) return;
      // the business type decides the steps: go on in the steps of the saved profile
      const now = saved.steps as WizardStep[];
      const target = now.includes(next) ? next : (now[now.indexOf(step) + (forward ? 1 : -1)] ?? now[0] ?? step);
      setStep(target);
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [camelKey(k), String(v)])));
      else toast(e instanceof Error ? e.message : t('toast.error'), 'error');
    }
  };

  return (
    <Dialog open={open} onClose={close} fullScreen={phone} maxWidth="md" fullWidth aria-labelledby="profile-title">
      <DialogTitle id="profile-title" sx={{ pr: 6 }}>
        {t('profile.title')}
        <IconButton aria-label={t('common.close')} onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }}>
          ×
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stepper
          activeStep={index}
          alternativeLabel={!phone}
          orientation="horizontal"
          sx={{ mb: 3, overflowX: 'auto' }}
          tabIndex={0}
          aria-label={t('profile.stepsLabel')}
        >
          {steps.map((s) => (
            <Step key={s} completed={steps.indexOf(s) < index}>
              <StepLabel>{t(`profile.steps.${s}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {disabled && step !== 'summary' ? <Alert severity="info" sx={{ mb: 2 }}>{t('profile.locked')}</Alert> : null}
        {save.isPending ? <LinearProgress sx={{ mb: 1 }} aria-label={t('common.loading')} /> : null}
        {step === 'documents' ? (
          <Documents disabled={disabled} />
        ) : step === 'summary' ? (
          <Summary onSubmit={() => submit.mutate()} submitting={submit.isPending} submitErrors={submitErrors} />
        ) : (
          <>
            <Grid container spacing={2}>
              {fields.map((f) => (
                <Grid size={{ xs: 12, sm: 6 }} key={f.name}>
                  <Field spec={f} values={values} errors={errors} disabled={disabled} onChange={(name, value) => setValues({ ...values, [name]: value })} />
                </Grid>
              ))}
            </Grid>
            {step === 'details' && entity ? <Owners owners={owners} setOwners={setOwners} errors={errors} disabled={disabled} /> : null}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.close')}</Button>
        <Button disabled={index === 0 || save.isPending} onClick={() => void go(steps[index - 1] as WizardStep)}>
          {t('common.back')}
        </Button>
        {index < steps.length - 1 ? (
          <Button variant="contained" disabled={save.isPending} onClick={() => void go(steps[index + 1] as WizardStep)}>
            {t('common.next')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
