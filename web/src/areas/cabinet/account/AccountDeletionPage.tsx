import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Link as RouterLink } from 'react-router';
import {
  ACCOUNT_DELETION_KEY,
  accountDeletionApi,
  type AccountDeletion,
  type DeletionCheck,
  type DeletionReason,
  type FlowKind,
  type SubscriptionChoice,
} from '../../../api/accountDeletion';
import { fieldErrors } from '../../../api/errors';
import { DeletionStartInSchema } from '../../../api/zod.gen';
import { fieldProps, useSchemaForm } from '../../../lib/zodForm';
import { toast } from '../../../app/notify';
import { ErrorState } from '../../../components/ErrorState';
import { useMoney } from '../../../components/Money';
import { rememberAccountDeleted } from '../../../lib/closingNotice';
import { useSellerUsername } from '../useSellerUsername';
import { activeIndex, FLOW_STEPS, isWorking } from './deletionSteps';

const REASONS: DeletionReason[] = [
  'dont_need_anymore',
  'my_account_not_successful',
  'changing_my_business_strategy',
  'switching_to_another_platform',
  'too_expensive',
  'other',
];
const KEY = ACCOUNT_DELETION_KEY;

function CheckRow({ check }: { check: DeletionCheck }) {
  const { t } = useTranslation();
  const money = useMoney();
  const state = check.ok ? 'ok' : 'failed';
  return (
    <ListItem
      divider
      secondaryAction={
        check.ok ? null : (
          <Button component={RouterLink} to={check.clearUrl} size="small">
            {t('accountDeletion.clear')}
          </Button>
        )
      }
    >
      <ListItemIcon>{check.ok ? <CheckCircleIcon color="success" /> : <ErrorIcon color="error" />}</ListItemIcon>
      <ListItemText
        sx={{ pr: check.ok ? 0 : 10 }}
        primary={t(`accountDeletion.checks.${check.kind}.title`)}
        secondary={
          <>
            {t(`accountDeletion.checks.${check.kind}.${state}`)}
            {!check.ok && check.amount !== 0 ? ` (${money(check.amount, 'eur')})` : ''}
            {!check.ok && check.count > 0 ? ` · ${t(`accountDeletion.counts.${check.kind}`, { count: check.count })}` : ''}
          </>
        }
      />
    </ListItem>
  );
}

// the contract's rules, and a reason of one's own is written out when "other" is ticked
const StartSchema = DeletionStartInSchema.extend({
  reasonText: DeletionStartInSchema.shape.reasonText.unwrap().unwrap().trim(),
  subscriptions: DeletionStartInSchema.shape.subscriptions.unwrap(),
}).superRefine((v, ctx) => {
  if (v.reasons.includes('other') && !v.reasonText) ctx.addIssue({ code: 'custom', path: ['reasonText'], params: { code: 'accountDeletion.reasonTextRequired' } });
});

/** Step 0, "why deleting": the flow kind, the questionnaire reasons, what happens to running subscriptions. */
function StartForm({ onStarted }: { onStarted: () => void }) {
  const { t } = useTranslation();
  const form = useSchemaForm(StartSchema, { flowKind: 'deactivation', reasons: [], reasonText: '', subscriptions: 'wait' }, { mode: 'onChange' });
  const [kind, reasons, subs, text] = form.watch(['flowKind', 'reasons', 'subscriptions', 'reasonText']);
  const start = useMutation({
    mutationFn: (body: z.output<typeof StartSchema>) => accountDeletionApi.start({ ...body, reasonText: body.reasonText || null }),
    onSuccess: onStarted,
  });
  const submit = form.handleSubmit((body) => start.mutate(body));
  const needsText = reasons.includes('other') && !text?.trim(); // said as soon as "other" is ticked
  const toggle = (r: DeletionReason) =>
    form.setValue('reasons', reasons.includes(r) ? reasons.filter((x) => x !== r) : [...reasons, r], { shouldValidate: true });
  return (
    <Stack spacing={2}>
      <Typography variant="h6">{t('accountDeletion.steps.0')}</Typography>
      <RadioGroup value={kind} onChange={(e) => form.setValue('flowKind', e.target.value as FlowKind)}>
        <FormControlLabel
          value="deactivation"
          control={<Radio />}
          label={
            <Box>
              <Typography>{t('accountDeletion.kind.deactivation')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('accountDeletion.kindHelp.deactivation')}
              </Typography>
            </Box>
          }
        />
        <FormControlLabel
          value="deletion"
          control={<Radio />}
          label={
            <Box>
              <Typography>{t('accountDeletion.kind.deletion')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('accountDeletion.kindHelp.deletion')}
              </Typography>
            </Box>
          }
        />
      </RadioGroup>
      <Typography variant="subtitle1">{t('accountDeletion.whyTitle')}</Typography>
      <FormGroup>
        {REASONS.map((r) => (
          <FormControlLabel
            key={r}
            control={<Checkbox checked={reasons.includes(r)} onChange={() => toggle(r)} />}
            label={t(`accountDeletion.reasons.${r}`)}
          />
        ))}
      </FormGroup>
      <TextField
        label={t('accountDeletion.reasonText')}
        {...fieldProps(form, 'reasonText', needsText ? t('accountDeletion.reasonTextRequired') : ' ')}
        error={needsText}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      <Typography variant="subtitle1">{t('accountDeletion.subscriptionsTitle')}</Typography>
      <RadioGroup value={subs} onChange={(e) => form.setValue('subscriptions', e.target.value as SubscriptionChoice)}>
        <FormControlLabel value="wait" control={<Radio />} label={t('accountDeletion.subscriptions.wait')} />
        <FormControlLabel
          value="cancel_at_period_end"
          control={<Radio />}
          label={t('accountDeletion.subscriptions.cancel_at_period_end')}
        />
      </RadioGroup>
      <Alert severity="info">{t('accountDeletion.productsOff')}</Alert>
      <Box>
        <Button
          variant="contained"
          color={kind === 'deletion' ? 'error' : 'primary'}
          disabled={reasons.length === 0 || needsText || start.isPending}
          onClick={submit}
        >
          {t(`accountDeletion.start.${kind}`)}
        </Button>
      </Box>
    </Stack>
  );
}

function Progress({ data }: { data: AccountDeletion }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const refresh = (a: AccountDeletion) => qc.setQueryData(KEY, a);
  const [sure, setSure] = useState(false);
  const [typed, setTyped] = useState('');
  const username = useSellerUsername();
  const checkAgain = useMutation({ mutationFn: accountDeletionApi.checkAgain, onSuccess: refresh });
  const endSubscriptions = useMutation({
    mutationFn: accountDeletionApi.endSubscriptions,
    onSuccess: () => {
      toast(t('accountDeletion.endingRequested'), 'success');
      void qc.invalidateQueries({ queryKey: KEY });
    },
  });
  const confirm = useMutation({
    mutationFn: () => accountDeletionApi.confirm(typed.trim()),
    onSuccess: (a) => {
      // a deletion ends the session when the account is gone: the sign-in page then says why
      if (a.flowKind === 'deletion') rememberAccountDeleted();
      refresh(a);
      toast(t('accountDeletion.confirmed'), 'success');
    },
  });
  const cancel = useMutation({
    mutationFn: accountDeletionApi.cancel,
    onSuccess: (a) => {
      refresh(a);
      toast(t('accountDeletion.canceled'), 'info');
    },
  });
  const reactivate = useMutation({
    mutationFn: accountDeletionApi.reactivate,
    onSuccess: (a) => {
      refresh(a);
      toast(t('accountDeletion.reactivated'), 'success');
    },
  });
  const kind = (data.flowKind ?? 'deletion') as FlowKind;
  const blocked = data.checks.some((c) => !c.ok);
  // a seller who chose to wait may still let the wizard end the running subscriptions with their paid period
  const offerEnding = data.canCancel && data.runningSubscriptions > 0 && !endSubscriptions.isSuccess;
  const stepKey = String(data.step);
  return (
    <Stack spacing={2}>
      <Typography variant="h6">{t(`accountDeletion.steps.${stepKey}`)}</Typography>
      {isWorking(data.phase, data.checks.length) && <LinearProgress aria-label={t('accountDeletion.working')} />}
      {data.phase === 'deactivated' ? (
        <>
          <Alert severity="info">{t('accountDeletion.deactivatedInfo')}</Alert>
          <Box>
            <Button variant="contained" disabled={!data.canReactivate || reactivate.isPending} onClick={() => reactivate.mutate()}>
              {t('accountDeletion.reactivate')}
            </Button>
          </Box>
        </>
      ) : (
        <>
          {blocked && <Alert severity="warning">{t('accountDeletion.blocked')}</Alert>}
          {data.phase === 'working' && (
            <Alert severity="info" data-testid="deletion-working">
              {t(`accountDeletion.workingInfo.${kind}`)}
            </Alert>
          )}
          {offerEnding && (
            <Alert severity="info" data-testid="deletion-end-subscriptions">
              <Typography variant="body2">
                {t('accountDeletion.endOffer', { count: data.runningSubscriptions })}
              </Typography>
              <Button
                variant="outlined"
                size="small"
                sx={{ mt: 1 }}
                disabled={endSubscriptions.isPending}
                onClick={() => endSubscriptions.mutate()}
              >
                {t('accountDeletion.endAction')}
              </Button>
            </Alert>
          )}
          {data.endingSubscriptions > 0 && (
            <Alert severity="info">{t('accountDeletion.ending', { count: data.endingSubscriptions })}</Alert>
          )}
          {data.checks.length > 0 && (
            <Paper variant="outlined">
              <List disablePadding>
                {data.checks.map((c) => (
                  <CheckRow key={c.kind} check={c} />
                ))}
              </List>
            </Paper>
          )}
          {data.canConfirm && (
            <>
              <FormControlLabel
                control={<Checkbox checked={sure} onChange={(e) => setSure(e.target.checked)} />}
                label={t(`accountDeletion.sure.${kind}`)}
              />
              <Typography variant="body2">
                {username ? t('accountDeletion.typeUsernameHint', { username }) : t('accountDeletion.typeUsername')}
              </Typography>
              <TextField
                label={t('accountDeletion.username')}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                error={Boolean(fieldErrors(confirm.error).username)}
                helperText={fieldErrors(confirm.error).username ? t('accountDeletion.wrongUsername') : ' '}
                autoComplete="off"
                size="small"
                fullWidth
                sx={{ maxWidth: 360 }}
                slotProps={{ htmlInput: { 'data-testid': 'deletion-username' } }}
              />
            </>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {data.canCancel && (
              <Button onClick={() => checkAgain.mutate()} disabled={checkAgain.isPending}>
                {t('accountDeletion.checkAgain')}
              </Button>
            )}
            {data.canConfirm && (
              <Button
                variant="contained"
                color={kind === 'deletion' ? 'error' : 'primary'}
                disabled={!sure || !typed.trim() || confirm.isPending}
                onClick={() => confirm.mutate()}
              >
                {t(`accountDeletion.confirm.${kind}`)}
              </Button>
            )}
            {data.canCancel && (
              <Button color="inherit" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
                {t('accountDeletion.cancel')}
              </Button>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}

/** `/cabinet/settings/account_deletion`: the seller account deletion wizard of core §2 (steps -1..5) over the
 * seller's Account deletion workflow: the blocking checks with their messages and where to clear them. */
export default function AccountDeletionPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => accountDeletionApi.state(signal),
    refetchInterval: (query) => (query.state.data?.flowKind ? 2000 : false),
  });
  const data = q.data;
  const kind = (data?.flowKind ?? 'deletion') as FlowKind;
  const steps = FLOW_STEPS[kind];
  return (
    <Box sx={{ maxWidth: 860 }}>
      <Typography variant="h5" gutterBottom>
        {t('accountDeletion.title')}
      </Typography>
      {q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : !data ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="account-deletion">
          {data.flowKind && (
            <Stepper activeStep={activeIndex(kind, data.step)} alternativeLabel sx={{ mb: 3 }}>
              {steps.map((s) => (
                <Step key={s} completed={activeIndex(kind, data.step) > steps.indexOf(s)}>
                  <StepLabel error={s === steps[1] && data.step === -1}>
                    <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                      {t(`accountDeletion.steps.${s === steps[1] && data.step === -1 ? '-1' : String(s)}`)}
                    </Box>
                  </StepLabel>
                </Step>
              ))}
            </Stepper>
          )}
          {data.flowKind ? (
            <Progress data={data} />
          ) : (
            <StartForm onStarted={() => void qc.invalidateQueries({ queryKey: KEY })} />
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
            <Link component={RouterLink} to="/cabinet/profile/edit?seller_profile_edit=true">
              {t('accountDeletion.backToProfile')}
            </Link>
          </Typography>
        </Paper>
      )}
    </Box>
  );
}
