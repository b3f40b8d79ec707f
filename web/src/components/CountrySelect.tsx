import { useId, useMemo } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useTranslation } from 'react-i18next';

// The EU member states and the countries most buyers outside it come from (ISO 3166-1 alpha-2).
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;
export const COUNTRIES = [...EU_COUNTRIES, 'CH', 'GB', 'NO', 'IS', 'LI', 'US', 'CA', 'AU'] as const;

/** A country's name in `language` (ISO 3166-1 alpha-2 code in; the code itself where the browser has no name). */
export function countryName(code: string | null | undefined, language: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The countries with their names in `language`, sorted by name; a code stands for itself where the browser has no
 * names (Intl.DisplayNames missing or the language unknown). */
export function countryOptions(language: string): { code: string; name: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return COUNTRIES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, language));
}

/** An optional country select, labelled in the UI language (Intl.DisplayNames: no country list shipped). A native
 * select on an outlined input: the phone's own picker, and no Select/Menu/Popover in the buyer's bundle. */
export function CountrySelect({ label, value, onChange, helperText, emptyLabel, disabled, error, testId }: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  helperText?: string;
  emptyLabel: string;
  disabled?: boolean;
  error?: boolean;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  const id = useId();
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  return (
    <FormControl fullWidth disabled={disabled} error={error}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(e) => onChange(e.target.value)}
        input={<OutlinedInput label={label} notched />}
        inputProps={{
          id,
          ...(helperText ? { 'aria-describedby': `${id}-helper` } : {}),
          ...(testId ? { 'data-testid': testId } : {}),
        }}
      >
        <option value="">{emptyLabel}</option>
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </NativeSelect>
      {helperText ? <FormHelperText id={`${id}-helper`}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
