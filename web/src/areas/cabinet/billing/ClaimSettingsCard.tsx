import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../api/cabinet';
import { ApiError } from '../../../api/errors';
import { ClaimSettingsIOSchema } from '../../../api/zod.gen';
import { toast } from '../../../app/notify';
import { fieldProps, useSchemaForm } from '../../../lib/zodForm';
import { billingKeys, billingQueries } from './queries';

type Settings = z.output<typeof ClaimSettingsIOSchema>;
const DAYS = ['firstDays', 'secondDays', 'thirdDays'] as const;

/** The seller's claim strategy and reminder days (applies to claims opened from now on). */
export function ClaimSettingsCard() {
  const { t } = useTranslation();
  const settings = useQuery(billingQueries.settings());
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('billing.settingsTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('billing.settingsExplain')}
      </Typography>
      {/* the stored settings fill the form once; a refetch never overwrites what the seller typed */}
      {settings.data ? <SettingsForm stored={settings.data} /> : <Skeleton variant="rounded" height={56} />}
    </Paper>
  );
}

function SettingsForm({ stored }: { stored: Settings }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const form = useSchemaForm(ClaimSettingsIOSchema, stored, { mode: 'onChange' });
  const save = useMutation({
    mutationFn: (body: Settings) => cabinetApi.saveClaimSettings(body),
    onSuccess: (_, body) => {
      form.reset(body);
      toast(t('billing.settingsSaved'), 'success');
      void qc.invalidateQueries({ queryKey: billingKeys.settings() });
    },
  });
  const [strategy, ...days] = form.watch(['strategy', ...DAYS]);
  const inOrder = days[0] < days[1] && days[1] < days[2];
  const submit = form.handleSubmit((body) => inOrder && save.mutate(body));
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField select label={t('billing.strategy')} value={strategy} onChange={(e) => form.setValue('strategy', e.target.value as Settings['strategy'])} sx={{ minWidth: 260 }}>
          {ClaimSettingsIOSchema.shape.strategy.options.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`billing.strategyName.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        {DAYS.map((name) => (
          <TextField
            key={name}
            label={t(`billing.${name}`)}
            disabled={strategy === 'inkasso'}
            {...fieldProps(form, name, null, { valueAsNumber: true })}
            error={Boolean(form.formState.errors[name]) || !inOrder}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ maxWidth: { md: 200 } }}
          />
        ))}
        <Button variant="contained" onClick={submit} disabled={!inOrder || !form.formState.isValid} loading={save.isPending} sx={{ mt: { md: 1 } }}>
          {t('common.save')}
        </Button>
      </Stack>
      {!inOrder ? <Alert severity="warning" sx={{ mt: 2 }}>{t('billing.daysOrder')}</Alert> : null}
      {save.isError ? <Alert severity="error" sx={{ mt: 2 }}>{save.error instanceof ApiError ? save.error.message : t('toast.error')}</Alert> : null}
    </>
  );
}
