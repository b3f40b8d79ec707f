import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** A whole-number range filter (editor §5: charges count 0 to 10000, overdue days 0 to 365): two small fields
 * that accept digits only and are clamped to the range; empty means no bound. */
export function NumberRangeFilter({ label, min, max, value, onChange, testId }: {
  label: string;
  min: number;
  max: number;
  value: { from: string; to: string };
  onChange: (value: { from: string; to: string }) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const clean = (text: string) => {
    const digits = text.replace(/[^0-9]/g, '').slice(0, String(max).length);
    return digits === '' ? '' : String(Math.min(max, Math.max(min, Number(digits))));
  };
  const field = (which: 'from' | 'to') => (
    <TextField
      size="small"
      label={`${label} ${which === 'from' ? t('filters.from') : t('filters.to')}`}
      value={value[which]}
      onChange={(e) => onChange({ ...value, [which]: clean(e.target.value) })}
      placeholder={String(which === 'from' ? min : max)}
      sx={{ width: { xs: '50%', sm: 130 } }}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': testId ? `${testId}-${which}` : undefined } }}
    />
  );
  return (
    <Stack direction="row" spacing={1}>
      {field('from')}
      {field('to')}
    </Stack>
  );
}

/** The range as the list's `filters[{key}_min]` / `filters[{key}_max]`. */
export function rangeFilters(key: string, value: { from: string; to: string }): Record<string, string> {
  return {
    ...(value.from ? { [`${key}_min`]: value.from } : {}),
    ...(value.to ? { [`${key}_max`]: value.to } : {}),
  };
}
