import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { RATE_TONE } from '../../../lib/rates';

/** An order rate's state (core §4), in words and colour. */
export function RateChip({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Chip size="small" color={RATE_TONE[state] ?? 'default'} label={t(`billing.rateState.${state}`, { defaultValue: state })} />;
}
