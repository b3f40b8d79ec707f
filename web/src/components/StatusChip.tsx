import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { statusStyle } from '../lib/status';

/**
 * A state shown with the colour rules of core §4; emphasised states are filled and bold.
 * An order's `paying` reads after its plan: a running subscription is "Subscription active", installments "Paying in rates".
 */
export function StatusChip({
  state,
  plan,
  size = 'small',
}: { state: string | null | undefined; plan?: string | null; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  if (!state) return null;
  const style = statusStyle(state);
  const label =
    state === 'paying' && plan && plan !== 'one_time'
      ? t(`status.payingOf.${plan}`, { defaultValue: t('status.paying') })
      : t(`status.${state}`, { defaultValue: state.replace(/_/g, ' ') });
  return (
    <Chip
      size={size}
      label={label}
      color={style.color}
      variant={style.emphasised ? 'filled' : 'outlined'}
      data-tone={style.tone}
      data-emphasised={style.emphasised ? 'true' : 'false'}
      sx={{ fontWeight: style.emphasised ? 700 : 500 }}
    />
  );
}
