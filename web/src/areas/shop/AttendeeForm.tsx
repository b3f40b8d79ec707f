import { useState } from 'react';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as sdk from '../../api/sdk.gen';
import { AttendeeInSchema } from '../../api/zod.gen';
import { toast } from '../../app/notify';
import { CountrySelect } from '../../components/CountrySelect';
import { useSchemaForm } from '../../lib/zodForm';

type Ticket = Awaited<ReturnType<typeof sdk.ticketPage>>;

/** "Who is coming?": the buyer names the attendee of a ticket still to be used (core §3 attendee fields), or takes
 * it back; the door then greets that person, and the PDF names them. */
export function AttendeeForm({ username, code, ticket }: { username: string; code: string; ticket: Ticket }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const a = ticket.attendee;
  const form = useSchemaForm(AttendeeInSchema, {
    attendee: {
      firstName: a?.firstName ?? '',
      lastName: a?.lastName ?? '',
      email: a?.email ?? '',
      street: a?.street ?? '',
      streetNumber: a?.streetNumber ?? '',
      zip: a?.zip ?? '',
      city: a?.city ?? '',
      country: a?.country ?? null,
    },
  });
  const errors = form.formState.errors.attendee;
  const save = async (attendee: Parameters<typeof sdk.setAttendee>[2]['attendee']) => {
    try {
      const next = await sdk.setAttendee(username, code, { attendee });
      qc.setQueryData(['ticket', username, code], next);
      toast(t(attendee ? 'attendee.saved' : 'attendee.cleared'), 'success');
      setOpen(false);
    } catch {
      /* said by the client */
    }
  };
  const submit = form.handleSubmit(async (v) => save(v.attendee ?? null));
  const field = (name: 'firstName' | 'lastName' | 'email' | 'street' | 'streetNumber' | 'zip' | 'city', label: string, testId?: string) => (
    <TextField
      fullWidth
      size="small"
      label={label}
      {...form.register(`attendee.${name}`)}
      error={Boolean(errors?.[name])}
      helperText={errors?.[name]?.message}
      slotProps={{ htmlInput: testId ? { 'data-testid': testId } : {} }}
    />
  );
  return (
    <Stack spacing={1} sx={{ mt: 2, textAlign: 'left' }} data-testid="attendee">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="body2">
          {a ? t('attendee.for', { name: `${a.firstName} ${a.lastName}` }) : t('attendee.buyerComes')}
        </Typography>
        <Button size="small" onClick={() => setOpen((o) => !o)} data-testid="attendee-toggle">
          {a ? t('attendee.change') : t('attendee.someoneElse')}
        </Button>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Stack component="form" noValidate onSubmit={submit} spacing={1.5} sx={{ pt: 1 }}>
          <Grid container spacing={1.5}>
            <Grid size={{ xs: 12, sm: 6 }}>{field('firstName', t('shop.firstName'), 'attendee-first-name')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('lastName', t('shop.lastName'), 'attendee-last-name')}</Grid>
            <Grid size={12}>{field('email', t('shop.email'), 'attendee-email')}</Grid>
            <Grid size={{ xs: 8 }}>{field('street', t('attendee.street'))}</Grid>
            <Grid size={{ xs: 4 }}>{field('streetNumber', t('attendee.streetNumber'))}</Grid>
            <Grid size={{ xs: 4 }}>{field('zip', t('attendee.zip'))}</Grid>
            <Grid size={{ xs: 8 }}>{field('city', t('attendee.city'))}</Grid>
            <Grid size={12}>
              <Controller
                control={form.control}
                name="attendee.country"
                render={({ field: f }) => <CountrySelect label={t('shop.country')} value={f.value ?? ''} onChange={(c) => f.onChange(c || null)} emptyLabel={t('shop.noCountry')} />}
              />
            </Grid>
          </Grid>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {a ? (
              <Button color="inherit" onClick={() => void save(null)}>
                {t('attendee.giveBack')}
              </Button>
            ) : null}
            <Button type="submit" variant="contained" loading={form.formState.isSubmitting} data-testid="attendee-save">
              {t('common.save')}
            </Button>
          </Stack>
        </Stack>
      </Collapse>
    </Stack>
  );
}
