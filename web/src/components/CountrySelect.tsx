import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

// The EU member states and the countries most buyers outside it come from (ISO 3166-1 alpha-2).
export const COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'CH', 'GB', 'NO', 'US', 'CA', 'AU',
] as const;

/** An optional country select, labelled in the UI language (Intl.DisplayNames: no country list shipped). */
export function CountrySelect({ label, value, onChange, helperText, emptyLabel, disabled, testId }: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  helperText?: string;
  emptyLabel: string;
  disabled?: boolean;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  const options = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      names = null;
    }
    return COUNTRIES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, i18n.language),
    );
  }, [i18n.language]);
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      helperText={helperText}
      disabled={disabled}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as React.HTMLAttributes<HTMLDivElement> } }}
    >
      <MenuItem value="">{emptyLabel}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.code} value={o.code}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
