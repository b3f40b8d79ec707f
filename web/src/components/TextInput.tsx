import { useId, type ChangeEvent, type InputHTMLAttributes } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

/**
 * A light outlined text field for buyer-facing pages (TextField pulls Select, Menu and Popover
 * into the bundle).
 */
export function TextInput({
  label,
  value,
  onChange,
  onBlur,
  error = false,
  helperText,
  type = 'text',
  autoComplete,
  disabled,
  name,
  required,
  inputProps,
}: {
  label: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
  type?: string;
  autoComplete?: string;
  disabled?: boolean;
  name?: string;
  required?: boolean;
  inputProps?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
}) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth error={error} disabled={disabled} required={required} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        value={value}
        name={name}
        autoComplete={autoComplete}
        onChange={onChange}
        onBlur={onBlur}
        inputProps={{ ...inputProps, 'aria-describedby': helperId }}
      />
      <FormHelperText id={helperId}>{helperText ?? ' '}</FormHelperText>
    </FormControl>
  );
}
