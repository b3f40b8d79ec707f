import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../../api/admin';
import { ApiError } from '../../../api/errors';
import { toast } from '../../../app/notify';
import { ErrorState } from '../../../components/ErrorState';
import { PageLoader } from '../../../components/PageLoader';
import { countryName } from '../../../components/CountrySelect';
import { formatDate, formatDateTime } from '../../../components/dates';
import { openProtectedFile } from '../../../lib/download';
import { DecisionInSchema } from '../../../api/zod.gen';
import { fieldProps, useSchemaForm } from '../../../lib/zodForm';

type Decision = (typeof DecisionInSchema.shape.decision.options)[number];
const DecisionForm = DecisionInSchema.pick({}).extend({ reason: DecisionInSchema.shape.reason.unwrap().unwrap().trim() });

const PROFILE_FIELDS = [
  'businessType', 'company', 'salutation', 'firstName', 'lastName', 'birthday', 'nationality', 'phone', 'street',
  'streetNumber', 'zip', 'city', 'countryCode', 'region', 'registrationLocation', 'vatPayer', 'vatId',
  'vatExemptReason', 'taxNo', 'taxIdentNo', 'issuanceCountryCode',
] as const;
const COUNTRY_FIELDS = new Set(['nationality', 'countryCode', 'issuanceCountryCode']);
const DATE_FIELDS = new Set(['birthday']);

/** Who acted in the history: the seller, the KYC provider, a manager (`manager:{id}`) or the platform. */
function actorKey(actor: string): { key: string; id?: string } {
  const [kind, id] = actor.split(':');
  const known = ['seller', 'kyc', 'manager', 'system'];
  return known.includes(kind ?? '') ? { key: `legitimation.actor.${kind}`, id } : { key: 'legitimation.actor.other' };
}

const ENUM_FIELDS: Record<string, string> = {
  businessType: 'businessType',
  salutation: 'salutation',
  vatExemptReason: 'vatExemptReason',
};

/** `/admin/bank_account_legitimations/:sellerId`: the data, documents, bank accounts and history of one
 * legitimation, and the manager's decision (approve, ask for changes, reject; a reason for the last two). */
export default function LegitimationDetailPage() {
  const { t, i18n } = useTranslation();
  const { sellerId = '' } = useParams();
  const qc = useQueryClient();
  const form = useSchemaForm(DecisionForm, { reason: '' });
  const detail = useQuery({
    queryKey: ['admin', 'legitimation', sellerId],
    queryFn: ({ signal }) => adminApi.legitimation(sellerId, signal),
    refetchInterval: 3000,
  });
  const decide = useMutation({
    mutationFn: ({ decision, reason }: { decision: Decision; reason: string }) => adminApi.decide(sellerId, { decision, reason: reason || null }),
    onSuccess: () => {
      toast(t('legitimation.decided'), 'success');
      form.reset();
      void qc.invalidateQueries({ queryKey: ['admin', 'legitimation', sellerId] });
    },
    onError: (e) => {
      const field = e instanceof ApiError && e.fields?.reason ? t('legitimation.reasonRequired') : null;
      toast(field ?? (e instanceof Error ? e.message : t('toast.error')), 'error');
    },
  });
  // a rejection and a request for changes say why (the seller reads it); an approval needs no reason
  const act = (decision: Decision) =>
    form.handleSubmit(({ reason }) => {
      if (decision !== 'approve' && !reason) form.setError('reason', { message: t('legitimation.reasonRequired') });
      else decide.mutate({ decision, reason });
    });
  if (detail.isPending) return <PageLoader minHeight="40vh" />;
  if (detail.isError || !detail.data) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  const d = detail.data;
  const l = d.legitimation;
  const profile = d.profile as unknown as Record<string, unknown>;
  const reviewing = ['requested', 'in_review', 'registered'].includes(l.step);
  const show = (k: string) => {
    const v = profile[k];
    if (v === null || v === undefined || v === '') return null;
    if (typeof v === 'boolean') return v ? t('common.yes') : t('common.no');
    if (COUNTRY_FIELDS.has(k)) return countryName(String(v), i18n.language);
    if (DATE_FIELDS.has(k)) return formatDate(String(v));
    return ENUM_FIELDS[k] ? t(`enums.${ENUM_FIELDS[k]}.${String(v)}`) : String(v);
  };
  return (
    <>
      <Link component={RouterLink} to="/admin/bank_account_legitimations">
        {t('common.back')}
      </Link>
      <Typography variant="h4" component="h1" sx={{ my: 2 }}>
        {(profile.company as string) || [profile.firstName, profile.lastName].filter(Boolean).join(' ') || d.email}
      </Typography>
      <Alert severity={l.step === 'legitimated' ? 'success' : l.step === 'rejected' ? 'error' : 'info'} sx={{ mb: 2 }}>
        {t('legitimation.state')}: {t(`enums.legitimationStep.${l.step}`)}
        {l.verificationLevel ? ` · ${t(`enums.verificationLevel.${l.verificationLevel}`)}` : ''}
        {l.accountLimit ? ` · ${t(`enums.accountLimit.${l.accountLimit}`)}` : ''}
        {l.reason ? ` · ${l.reason}` : ''}
      </Alert>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper sx={{ p: 2 }}>
            <Typography variant="subtitle1">{t('legitimation.data')}</Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
              {PROFILE_FIELDS.filter((k) => show(k) !== null).map((k) => (
                <Box key={k} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {t(`profile.fields.${k}`)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {show(k)}
                  </Typography>
                </Box>
              ))}
            </Box>
            {(d.profile.beneficialOwners ?? []).length ? (
              <>
                <Typography variant="subtitle2" sx={{ mt: 2 }}>
                  {t('profile.owners')}
                </Typography>
                {(d.profile.beneficialOwners ?? []).map((o, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: owners have no id; the list is read-only
                  <Typography key={i} variant="body2">
                    {[o.firstName, o.lastName].filter(Boolean).join(' ')} · {formatDate(o.birthday)} · {o.birthplaceCity} ({countryName(o.birthplaceCountry, i18n.language)})
                  </Typography>
                ))}
              </>
            ) : null}
          </Paper>
          <Paper sx={{ p: 2, mt: 2 }}>
            <Typography variant="subtitle1">{t('profile.documentsTitle')}</Typography>
            <List dense>
              {d.documents.map((doc) => (
                <ListItem key={doc.id}>
                  <ListItemText
                    primary={
                      <Link
                        component="button"
                        onClick={() =>
                          void openProtectedFile(`/v1/admin/documents/${doc.id}/file`).then((ok) => ok || toast(t('toast.error'), 'error'))
                        }
                      >
                        {t(`enums.documentType.${doc.type}`)}: {doc.fileName}
                      </Link>
                    }
                    secondary={t(`enums.documentState.${doc.state}`)}
                  />
                </ListItem>
              ))}
            </List>
            <Typography variant="subtitle1">{t('profile.bankTitle')}</Typography>
            <List dense>
              {d.bankAccounts.map((b) => (
                <ListItem key={b.id}>
                  <ListItemText primary={`${b.holder} · ${b.iban} · ${b.bic}`} secondary={`${t(`enums.bankAccountType.${b.kind}`)} · ${t(`enums.bankAccountState.${b.state}`)}`} />
                </ListItem>
              ))}
            </List>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper sx={{ p: 2 }}>
            <Typography variant="subtitle1">{t('legitimation.decision')}</Typography>
            {reviewing ? (
              <>
                <TextField
                  fullWidth
                  multiline
                  minRows={2}
                  sx={{ my: 1 }}
                  label={t('legitimation.reason')}
                  {...fieldProps(form, 'reason', null)}
                />
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                  <Button variant="contained" color="success" disabled={decide.isPending || l.step !== 'registered'} onClick={act('approve')}>
                    {t('legitimation.approve')}
                  </Button>
                  <Button variant="outlined" disabled={decide.isPending} onClick={act('request_changes')}>
                    {t('legitimation.requestChanges')}
                  </Button>
                  <Button variant="outlined" color="error" disabled={decide.isPending} onClick={act('reject')}>
                    {t('legitimation.reject')}
                  </Button>
                </Stack>
                {l.step !== 'registered' ? (
                  <Typography variant="caption" color="text.secondary">
                    {t('legitimation.waitingForProvider')}
                  </Typography>
                ) : null}
              </>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('legitimation.notWaiting')}
              </Typography>
            )}
          </Paper>
          <Paper sx={{ p: 2, mt: 2 }}>
            <Typography variant="subtitle1">{t('legitimation.history')}</Typography>
            <List dense>
              {l.history.map((h) => (
                <ListItem key={h.seq}>
                  <ListItemText
                    primary={`${t(`legitimation.actions.${h.action}`, { defaultValue: h.action })} · ${t(actorKey(h.actor).key, { id: actorKey(h.actor).id })}`}
                    secondary={`${formatDateTime(h.at)}${h.reason ? ` · ${h.reason}` : ''}`}
                  />
                </ListItem>
              ))}
            </List>
            <Link href={d.temporalUiUrl} target="_blank" rel="noopener" variant="body2">
              {t('legitimation.workflow')}
            </Link>
          </Paper>
        </Grid>
      </Grid>
    </>
  );
}
