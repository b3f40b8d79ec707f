import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cabinetApi } from '../../../api/cabinet';
import { ApiError } from '../../../api/errors';
import { toast } from '../../../app/notify';
import { billingKeys, billingQueries } from './queries';

const STRATEGIES = ['dunning', 'dunning_inkasso', 'inkasso'] as const;
type Strategy = (typeof STRATEGIES)[number];

/** The seller's claim strategy and reminder days (applies to claims opened from now on). */
export function ClaimSettingsCard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const settings = useQuery(billingQueries.settings());
  const [strategy, setStrategy] = useState<Strategy>('dunning');
  const [days, setDays] = useState(['3', '7', '14']);
  const [error, setError] = useState<string | null>(null);
  // the stored settings fill the form until the seller changes it: a late answer or a refetch never overwrites what
  // they typed (the form waits for the first answer)
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (settings.data && !touched) {
      setStrategy(settings.data.strategy);
      setDays([settings.data.firstDays, settings.data.secondDays, settings.data.thirdDays].map(String));
    }
  }, [settings.data, touched]);
  const nums = days.map((d) => Number(d));
  const inOrder = nums.every((n) => Number.isInteger(n) && n >= 0 && n <= 90) && nums[0]! < nums[1]! && nums[1]! < nums[2]!;
  const save = useMutation({
    mutationFn: () =>
      cabinetApi.saveClaimSettings({ strategy, firstDays: nums[0]!, secondDays: nums[1]!, thirdDays: nums[2]! }),
    onSuccess: () => {
      setError(null);
      setTouched(false);
      toast(t('billing.settingsSaved'), 'success');
      void qc.invalidateQueries({ queryKey: billingKeys.settings() });
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : t('toast.error')),
  });
  const labels = ['billing.firstDays', 'billing.secondDays', 'billing.thirdDays'];
  return (
    <Paper sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('billing.settingsTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('billing.settingsExplain')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          select
          label={t('billing.strategy')}
          value={strategy}
          disabled={!settings.data}
          onChange={(e) => {
            setTouched(true);
            setStrategy(e.target.value as Strategy);
          }}
          sx={{ minWidth: 260 }}
        >
          {STRATEGIES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`billing.strategyName.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        {labels.map((label, i) => (
          <TextField
            key={label}
            label={t(label)}
            value={days[i]}
            disabled={!settings.data || strategy === 'inkasso'}
            onChange={(e) => {
              setTouched(true);
              setDays(days.map((d, j) => (j === i ? e.target.value : d)));
            }}
            error={!inOrder}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ maxWidth: { md: 200 } }}
          />
        ))}
        <Button variant="contained" onClick={() => save.mutate()} disabled={!inOrder} loading={save.isPending} sx={{ mt: { md: 1 } }}>
          {t('common.save')}
        </Button>
      </Stack>
      {!inOrder ? <Alert severity="warning" sx={{ mt: 2 }}>{t('billing.daysOrder')}</Alert> : null}
      {error ? <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert> : null}
    </Paper>
  );
}
