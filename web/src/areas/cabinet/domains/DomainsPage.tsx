import { type ReactNode, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
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
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/CopyButton';
import { domainsApi, type DnsRecordState, type DomainKind, type DomainRow } from '../../../api/domains';
import { ApiError } from '../../../api/errors';
import { DomainInSchema } from '../../../api/zod.gen';
import { toast } from '../../../app/notify';
import { fieldProps, rules, useSchemaForm } from '../../../lib/zodForm';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { formatDate, formatDateTime } from '../../../components/dates';
import {
  awaitedNow,
  awaitsDelegation,
  canCheckAgain,
  daysLeft,
  noteText,
  previewHostname,
  recordTone,
  routingDue,
  routingSeenText,
  routingState,
  stateTone,
  ttlKey,
} from './domainView';

const KEYS = { list: ['domains'] as const, detail: (id: number) => ['domains', id] as const };
const BUSY = new Set(['waiting', 'active']);

/** Field messages of the API (domain/domains.py) in the seller's language; anything else as the API said it. */
const NAME_ERRORS: Record<string, string> = {
  required: 'domains.errors.required',
  'too big': 'domains.errors.tooBig',
  'invalid hostname': 'domains.errors.invalid',
  'an IP address is not a domain': 'domains.errors.ipAddress',
  "the platform's own domain cannot be added": 'domains.errors.platformDomain',
  'a subdomain is one name without dots': 'domains.errors.notASubdomain',
  'already taken': 'domains.errors.taken',
};

const DomainForm = DomainInSchema.extend({ name: rules.required(DomainInSchema.shape.name), ttl: DomainInSchema.shape.ttl.unwrap() });

function AddDomain({ suffix, ttlOptions }: { suffix: string; ttlOptions: number[] }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const form = useSchemaForm(DomainForm, { kind: 'custom', name: '', ttl: 3600 });
  const [kind, name, ttl] = form.watch(['kind', 'name', 'ttl']);
  const add = useMutation({
    mutationFn: (body: { kind: DomainKind; name: string; ttl: number }) => domainsApi.add(body),
    onSuccess: () => {
      form.reset({ kind, name: '', ttl });
      toast(t('domains.added'), 'success');
      void qc.invalidateQueries({ queryKey: KEYS.list });
    },
    onError: (e) => {
      const fields = e instanceof ApiError ? (e.fields ?? {}) : {};
      for (const [k, v] of Object.entries(fields)) {
        const msg = String(v);
        form.setError(k === 'ttl' ? 'ttl' : 'name', { message: NAME_ERRORS[msg] ? t(NAME_ERRORS[msg]) : msg });
      }
      if (!Object.keys(fields).length) form.setError('name', { message: e instanceof ApiError && e.status === 409 ? e.message : t('common.loadError') });
    },
  });
  const submit = form.handleSubmit((body) => add.mutate(body));
  const preview = previewHostname(kind, name, suffix);
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('domains.addTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={kind}
          onChange={(_, v: DomainKind | null) => v && form.setValue('kind', v)}
          aria-label={t('domains.kindLabel')}
        >
          <ToggleButton value="custom">{t('domains.kind.custom')}</ToggleButton>
          <ToggleButton value="subdomain">{t('domains.kind.subdomain')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          size="small"
          label={kind === 'custom' ? t('domains.hostname') : t('domains.subdomainName')}
          placeholder={kind === 'custom' ? 'shop.example.com' : 'my-shop'}
          {...fieldProps(form, 'name', preview ? t('domains.willBe', { host: preview }) : ' ')}
          sx={{ flex: 1, minWidth: 220 }}
          slotProps={{
            input: kind === 'subdomain' ? { endAdornment: <InputAdornment position="end">.{suffix}</InputAdornment> } : {},
          }}
        />
        <TextField
          select
          size="small"
          label={t('domains.ttlLabel')}
          value={ttl}
          onChange={(e) => form.setValue('ttl', Number(e.target.value))}
          error={Boolean(form.formState.errors.ttl)}
          helperText={form.formState.errors.ttl?.message ?? ' '}
          sx={{ minWidth: 140 }}
        >
          {ttlOptions.map((o) => (
            <MenuItem key={o} value={o}>
              {t(ttlKey(o))}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" disabled={!name?.trim() || add.isPending} onClick={submit}>
          {t('domains.add')}
        </Button>
      </Stack>
    </Paper>
  );
}

type DnsRecord = DomainRow['record'];

/** The DNS records to set: type, name and value (each with a copy button) and TTL; `testId` names their cells
 * (`{testId}-name`, `{testId}-value`, with the record's index after the first). */
function RecordTable({ records, title, testId }: { records: DnsRecord[]; title: string; testId: string }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const id = (i: number, part: string) => (i === 0 ? `${testId}-${part}` : `${testId}-${i}-${part}`);
  if (narrow) {
    // on a phone: one field under the other, each with its copy button
    return (
      <Box aria-label={title} role="group">
        {records.map((r, i) => (
          <Box component="dl" key={`${r.type}-${r.value}`} sx={{ m: 0, mb: 1 }}>
            {(
              [
                [t('domains.recordType'), r.type, null],
                [t('domains.recordName'), r.name, 'name'],
                [t('domains.recordValue'), r.value, 'value'],
                [t('domains.ttlLabel'), t(ttlKey(r.ttl)), null],
              ] as const
            ).map(([label, value, part]) => (
              <Box key={label} sx={{ mb: 1 }}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, fontFamily: part ? 'monospace' : undefined, wordBreak: 'break-all' }}>
                  <span data-testid={part ? id(i, part) : undefined}>{value}</span>
                  {part ? <CopyButton text={value} label={label} /> : null}
                </Typography>
              </Box>
            ))}
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{t('domains.recordType')}</TableCell>
            <TableCell>{t('domains.recordName')}</TableCell>
            <TableCell>{t('domains.recordValue')}</TableCell>
            <TableCell>{t('domains.ttlLabel')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((r, i) => (
            <TableRow key={`${r.type}-${r.value}`}>
              <TableCell>{r.type}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                <span data-testid={id(i, 'name')}>{r.name}</span>
                <CopyButton text={r.name} label={t('domains.recordName')} />
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                <span data-testid={id(i, 'value')}>{r.value}</span>
                <CopyButton text={r.value} label={t('domains.recordValue')} />
              </TableCell>
              <TableCell>{t(ttlKey(r.ttl))}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A record group of the card: its title, the state the last check saw, a hint, and the records. */
function RecordSection({
  title,
  state,
  hint,
  records,
  testId,
  extra,
}: {
  title: string;
  state: DnsRecordState;
  hint: string;
  records: DnsRecord[];
  testId: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 2 }} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Chip size="small" variant="outlined" color={recordTone(state)} label={t(`domains.recordState.${state}`)} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {hint}
      </Typography>
      <RecordTable records={records} title={title} testId={testId} />
      {extra}
    </Box>
  );
}

function History({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: KEYS.detail(id),
    queryFn: ({ signal }) => domainsApi.get(id, signal),
    refetchInterval: (query) => (query.state.data && BUSY.has(query.state.data.state) ? 3000 : 15000),
  });
  if (q.isError) return <ErrorState onRetry={() => void q.refetch()} />;
  const d = q.data;
  if (!d) return <Skeleton height={80} />;
  return (
    <Box>
      {d.state === 'waiting' && d.nextCheckAt ? (
        <Typography variant="body2" color="text.secondary">
          {t('domains.nextCheck', { at: formatDateTime(d.nextCheckAt), n: d.attempts, max: d.maxAttempts })}
        </Typography>
      ) : null}
      {d.renewAt ? (
        <Typography variant="body2" color="text.secondary">
          {t('domains.renewAt', { at: formatDateTime(d.renewAt) })}
        </Typography>
      ) : null}
      {d.history.length === 0 ? (
        <Typography variant="body2">{t('domains.noHistory')}</Typography>
      ) : (
        <List dense aria-label={t('domains.history')}>
          {[...d.history].reverse().map((e) => (
            <ListItem key={e.seq} disableGutters>
              <ListItemText
                primary={`${formatDateTime(e.at)} · ${t(`domains.action.${e.action}`)}`}
                secondary={noteText(t, e.note, e.message) ?? t(`domains.state.${e.state}`)}
              />
            </ListItem>
          ))}
        </List>
      )}
      {d.certificates.length ? (
        <Typography variant="body2" color="text.secondary">
          {t('domains.certificates', { n: d.certificates.length })}
        </Typography>
      ) : null}
    </Box>
  );
}

function DomainCard({ d }: { d: DomainRow }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const refresh = () => void qc.invalidateQueries({ queryKey: KEYS.list });
  const check = useMutation({
    mutationFn: () => domainsApi.check(d.id),
    onSuccess: () => {
      toast(t('domains.checking'), 'info');
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => domainsApi.remove(d.id),
    onSuccess: () => {
      setConfirm(false);
      toast(t('domains.deleted'), 'success');
      refresh();
    },
  });
  const left = daysLeft(d.certificateNotAfter);
  const awaited = awaitedNow(d);
  return (
    <Paper sx={{ p: 2 }} data-testid="domain-card">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-all', flex: 1 }}>
          {d.displayHostname}
        </Typography>
        <Chip size="small" variant="outlined" label={t(`domains.kind.${d.kind}`)} />
        <Chip size="small" color={stateTone(d.state)} label={t(`domains.state.${d.state}`)} sx={{ fontWeight: 700 }} />
      </Stack>
      {d.displayHostname !== d.hostname ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('domains.asciiForm', { host: d.hostname })}
        </Typography>
      ) : null}
      <Alert severity={awaited.tone} icon={false} sx={{ mb: 1 }} data-testid="domain-awaited">
        <strong>{t('domains.awaitedTitle')}</strong> {t(awaited.key, { host: d.displayHostname })}
      </Alert>
      <RecordSection
        title={t('domains.recordTitle')}
        state={d.record.state}
        hint={d.kind === 'subdomain' ? t('domains.platformSetsRecord') : t('domains.setRecordHint')}
        records={[d.record]}
        testId="record"
      />
      {d.routing.length ? (
        <RecordSection
          title={t('domains.routingTitle', { count: d.routing.length })}
          state={routingState(d.routing)}
          hint={t(d.routing[0]?.type === 'CNAME' ? 'domains.routingHintCname' : 'domains.routingHintApex')}
          records={d.routing}
          testId="routing"
          extra={
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {routingSeenText(t, d.routing, d.routingCheckedAt ? formatDateTime(d.routingCheckedAt) : null)}
            </Typography>
          }
        />
      ) : null}
      {d.delegation ? (
        <RecordSection
          title={t('domains.delegationTitle')}
          state={d.delegation.state}
          hint={t('domains.delegationHint')}
          records={[d.delegation]}
          testId="delegation"
        />
      ) : null}
      {d.note || d.message ? (
        <Alert severity={d.state === 'error' ? 'error' : 'info'} sx={{ mt: 1 }}>
          {noteText(t, d.note, d.message)}
        </Alert>
      ) : null}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {d.certificateNotAfter
          ? t('domains.certificateUntil', { date: formatDate(d.certificateNotAfter), days: left ?? 0 })
          : t('domains.noCertificate')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
        {canCheckAgain(d.state, awaitsDelegation(d), routingDue(d)) ? (
          <Button size="small" variant="outlined" disabled={check.isPending} onClick={() => check.mutate()}>
            {t('domains.checkAgain')}
          </Button>
        ) : null}
        <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? t('domains.hideHistory') : t('domains.showHistory')}
        </Button>
        <Button size="small" color="error" onClick={() => setConfirm(true)}>
          {t('common.delete')}
        </Button>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ mt: 1 }}>
          <History id={d.id} />
        </Box>
      </Collapse>
      <Dialog open={confirm} onClose={() => setConfirm(false)}>
        <DialogTitle>{t('domains.deleteTitle', { host: d.displayHostname })}</DialogTitle>
        <DialogContent>
          <Typography>{t('domains.deleteBody')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{t('common.cancel')}</Button>
          <Button color="error" variant="contained" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t('common.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

/** `/cabinet/domains`: add a custom domain or a platform subdomain, the TXT record to set, its state, the
 * certificate, "check again", delete, and the Domain SSL workflow's history in words. */
export default function DomainsPage() {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: KEYS.list,
    queryFn: ({ signal }) => domainsApi.list(signal),
    refetchInterval: (query) => (query.state.data?.list.some((d) => BUSY.has(d.state)) ? 3000 : 30000),
  });
  const d = q.data;
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('nav.domains')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('domains.intro')}
      </Typography>
      {d ? <AddDomain suffix={d.platformSuffix} ttlOptions={d.ttlOptions} /> : <Skeleton height={90} sx={{ mb: 2 }} />}
      {q.isError ? (
        <ErrorState onRetry={() => void q.refetch()} />
      ) : !d ? (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={160} />
        </Stack>
      ) : d.list.length === 0 ? (
        <EmptyState title={t('domains.empty')} />
      ) : (
        <Stack spacing={2}>
          {d.list.map((row) => (
            <DomainCard key={row.id} d={row} />
          ))}
        </Stack>
      )}
    </>
  );
}
