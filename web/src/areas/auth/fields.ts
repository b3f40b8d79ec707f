import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN, type ValidationKey } from '../../lib/validation';

export type Validator = (value: string) => ValidationKey | string | null;

/** Minimal form state: values, validators, errors shown after blur or submit (or while typing, for the `live`
 * fields, once they have a value), server field errors. */
export function useFields<K extends string>(
  initial: Record<K, string>,
  validators: Partial<Record<K, Validator>>,
  live: readonly NoInfer<K>[] = [],
) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [server, setServer] = useState<Partial<Record<K, string>>>({});

  const messageOf = (key: K): string | null => {
    const code = validators[key]?.(values[key]) ?? null;
    if (!code) return null;
    return t(`validation.${code}`, { min: PASSWORD_MIN, defaultValue: code });
  };

  const shown = (key: K) => touched[key] || (live.includes(key) && values[key] !== '');
  const error = (key: K): string | null => server[key] ?? (shown(key) ? messageOf(key) : null);

  return {
    values,
    set: (key: K, value: string) => {
      setValues((v) => ({ ...v, [key]: value }));
      setServer((s) => ({ ...s, [key]: undefined }));
    },
    blur: (key: K) => setTouched((v) => ({ ...v, [key]: true })),
    error,
    /** Marks all fields touched; true when every validator passes. */
    validate: (): boolean => {
      const all = Object.fromEntries(Object.keys(initial).map((k) => [k, true])) as Record<K, boolean>;
      setTouched(all);
      return (Object.keys(initial) as K[]).every((k) => !messageOf(k));
    },
    setServerErrors: (errors: Record<string, string>) => {
      const next: Partial<Record<K, string>> = {};
      for (const [k, v] of Object.entries(errors)) if (k in initial) next[k as K] = t(`validation.${v.replace(/ /g, '_')}`, { defaultValue: v, min: PASSWORD_MIN });
      setServer(next);
    },
    /** TextField props for a field. */
    field: (key: K) => ({
      value: values[key],
      onChange: (e: { target: { value: string } }) => {
        setValues((v) => ({ ...v, [key]: e.target.value }));
        setServer((s) => ({ ...s, [key]: undefined }));
      },
      onBlur: () => setTouched((v) => ({ ...v, [key]: true })),
      error: Boolean(error(key)),
      helperText: error(key) ?? ' ',
      name: key,
    }),
  };
}
