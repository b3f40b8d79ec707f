import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldErrors } from '../../../api/errors';
import type { Answer } from '../../../api/sdk';
import * as sdk from '../../../api/sdk.gen';
import { InviteInSchema } from '../../../api/zod.gen';
import { toast } from '../../../app/notify';
import { CopyButton } from '../../../components/CopyButton';
import { listed, PagedTable } from '../../../components/PagedTable';
import { formatDateTime } from '../../../components/dates';
import { percent } from '../../publish/usePublisher';
import { Page } from '../../../components/Page';
import { fieldProps, rules, useSchemaForm } from '../../../lib/zodForm';

type Row = Answer<'team_members'>['list'][number];
type Role = Row['role'];
const KEY = ['cabinet', 'team_members'] as const;

/** A percentage typed by the seller ("12,5") in basis points; null when it is no rate of 0–100 %. */
export function feeOf(text: string): number | null {
  const n = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100) return null;
  return Math.round(n * 100);
}

/** `/cabinet/team_members`: the people the seller invited to work in their cabinet (team members) or to sell for
 * them for a fee (sales team members); only the account's owner sees this page. */
export default function TeamMembersPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  const rows = useQuery({ queryKey: KEY, queryFn: ({ signal }) => sdk.teamMembers({ signal }) });
  const remove = useMutation({
    mutationFn: (row: Row) => sdk.removeTeamMember(row.id),
    onSuccess: () => {
      toast(t('teamMembers.removed'), 'success');
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  return (
    <Page
      title={t('teamMembers.title')}
      action={
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)} data-testid="invite-member">
          {t('teamMembers.invite')}
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary">
        {t('teamMembers.intro')}
      </Typography>
      <PagedTable<Row>
        label={t('teamMembers.title')}
        {...listed(rows)}
        rowKey={(r) => r.id}
        empty={t('teamMembers.empty')}
        columns={[
          { key: 'who', label: t('teamMembers.who'), render: (r) => (r.name ? `${r.name} · ${r.email}` : r.email) },
          { key: 'role', label: t('team.role'), render: (r) => t(`enums.teamRole.${r.role}`) },
          { key: 'fee', label: t('team.fee'), align: 'right', render: (r) => (r.role === 'sales_team_member' ? percent(r.feeBp, i18n.language) : '—') },
          { key: 'state', label: t('orders.state'), render: (r) => <Chip size="small" color={r.state === 'active' ? 'success' : r.state === 'invited' ? 'info' : 'default'} label={t(`enums.teamState.${r.state}`)} /> },
          { key: 'date', label: t('team.invitedAt'), wide: true, render: (r) => formatDateTime(r.invitedAt) },
          {
            key: 'link',
            label: t('team.salesLink'),
            wide: true,
            render: (r) => (r.link ? <CopyButton text={`${window.location.origin}${r.link}`} label={t('team.salesLink')} /> : '—'),
          },
          {
            key: 'actions',
            label: t('common.actions'),
            align: 'right',
            render: (r) =>
              r.state === 'invited' || r.state === 'active' ? (
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  {r.role === 'sales_team_member' ? (
                    <Button size="small" onClick={() => setEditing(r)}>
                      {t('teamMembers.changeFee')}
                    </Button>
                  ) : null}
                  <Button size="small" color="error" disabled={remove.isPending} onClick={() => remove.mutate(r)} data-testid="remove-member">
                    {t('teamMembers.remove')}
                  </Button>
                </Stack>
              ) : null,
          },
        ]}
      />
      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
      {editing ? <FeeDialog row={editing} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}

// a fee typed as a percentage ("12,5"), sent in basis points: the contract's bound checked on what is sent
const feeText = rules.checked(z.string(), (text) => (feeOf(text) === null ? 'teamMembers.badFee' : null)).transform((text) => feeOf(text) ?? 0);
const InviteForm = InviteInSchema.pick({ role: true }).extend({ email: rules.email(InviteInSchema.shape.email), fee: feeText });
const FeeForm = z.object({ fee: feeText });

function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useSchemaForm(InviteForm, { email: '', role: 'team_member', fee: '10' }, { mode: 'onChange' });
  const role = form.watch('role');
  const invite = useMutation({
    mutationFn: (body: { email: string; role: Role; feeBp: number }) => sdk.inviteTeamMember(body),
    onSuccess: (_, body) => {
      toast(t('teamMembers.invited', { email: body.email }), 'success');
      void queryClient.invalidateQueries({ queryKey: KEY });
      onClose();
    },
    onError: (err) => {
      if (fieldErrors(err).email) form.setError('email', { message: t('teamMembers.badEmail') });
    },
  });
  const submit = form.handleSubmit(({ email, fee }) => invite.mutate({ email, role, feeBp: role === 'sales_team_member' ? fee : 0 }));
  const feeProblem = role === 'sales_team_member' && Boolean(form.formState.errors.fee);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="invite-title">
      <DialogTitle id="invite-title">{t('teamMembers.invite')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={t('teamMembers.email')} type="email" {...fieldProps(form, 'email', null)} autoFocus slotProps={{ htmlInput: { 'data-testid': 'invite-email' } }} />
          <TextField select label={t('team.role')} value={role} onChange={(e) => {
              form.setValue('role', e.target.value as Role);
              if (e.target.value !== 'sales_team_member') form.resetField('fee'); // a team member earns no fee
            }} slotProps={{ htmlInput: { 'data-testid': 'invite-role' } }}>
            <MenuItem value="team_member">{t('enums.teamRole.team_member')}</MenuItem>
            <MenuItem value="sales_team_member">{t('enums.teamRole.sales_team_member')}</MenuItem>
          </TextField>
          <Typography variant="body2" color="text.secondary">
            {t(`teamMembers.roleHelp.${role}`)}
          </Typography>
          {role === 'sales_team_member' ? <FeeField field={fieldProps(form, 'fee', t('teamMembers.feeHelp'))} testId="invite-fee" /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!form.watch('email').trim() || feeProblem || invite.isPending} onClick={submit} data-testid="send-invite">
          {t('teamMembers.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The fee as a percentage (a form's `fee` field), its error shown as it is typed. */
function FeeField({ field, testId }: { field: ReturnType<typeof fieldProps>; testId?: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('team.fee')}
      {...field}
      slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> }, htmlInput: { inputMode: 'decimal', ...(testId ? { 'data-testid': testId } : {}) } }}
    />
  );
}

function FeeDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const form = useSchemaForm(FeeForm, { fee: String(row.feeBp / 100).replace('.', i18n.language === 'de' ? ',' : '.') }, { mode: 'onChange' });
  const save = useMutation({
    mutationFn: (feeBp: number) => sdk.changeTeamMember(row.id, { feeBp }),
    onSuccess: () => {
      toast(t('teamMembers.saved'), 'success');
      void queryClient.invalidateQueries({ queryKey: KEY });
      onClose();
    },
  });
  const submit = form.handleSubmit(({ fee }) => save.mutate(fee));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="fee-title">
      <DialogTitle id="fee-title">{t('teamMembers.changeFee')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{row.name || row.email}</Typography>
          <FeeField field={fieldProps(form, 'fee', t('teamMembers.feeLater'))} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={Boolean(form.formState.errors.fee) || save.isPending} onClick={submit}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
