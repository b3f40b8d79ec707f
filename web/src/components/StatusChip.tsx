import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { statusStyle } from '../lib/status';

/** A state shown with the colour rules of core §4; emphasised states are filled and bold. */
export function StatusChip({ state, size = 'small' }: { state: string | null | undefined; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  if (!state) return null;
  const style = statusStyle(state);
  const label = t(`status.${state}`, { defaultValue: state.replace(/_/g, ' ') });
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
