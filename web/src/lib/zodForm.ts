/**
 * The editor's forms: react-hook-form with the request schemas generated from the API contract (api/zod.gen.ts),
 * so each rule is written once, in the backend's Pydantic model, and shown here before anything is sent. The
 * messages are the app's own, in the user's language: a rule's code picks the words, a field may have its own
 * words for a pattern (`validation.pattern.{field}`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type DefaultValues, type FieldPath, type FieldValues, get, type RegisterOptions, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrors } from '../api/errors';
import i18n from '../i18n';
import { PASSWORD_MIN, validateEmail, validatePassword } from './validation';

interface Issue {
  code: string;
  path?: PropertyKey[];
  maximum?: unknown;
  minimum?: unknown;
  origin?: string;
  format?: string;
  params?: { code?: string };
}

/** The words for one failed rule of a generated schema. */
export function issueMessage(issue: Issue): string {
  const t = i18n.t.bind(i18n);
  const field = String(issue.path?.[issue.path.length - 1] ?? '');
  if (issue.code === 'too_big') {
    return issue.origin === 'string'
      ? t('validation.tooLong', { max: Number(issue.maximum) })
      : t('validation.max', { max: Number(issue.maximum) });
  }
  if (issue.code === 'too_small') {
    if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? t('validation.required') : t('validation.tooShort', { min: Number(issue.minimum) });
    return t('validation.min', { min: Number(issue.minimum) });
  }
  if (issue.code === 'invalid_format') return t(`validation.pattern.${field}`, { defaultValue: t('validation.invalid') });
  if (issue.code === 'invalid_type') return t('validation.required');
  // a rule's code (`validation.{code}`), or a catalogue key of its own (one with a dot)
  if (issue.code === 'custom' && issue.params?.code) {
    const key = issue.params.code.includes('.') ? issue.params.code : `validation.${issue.params.code}`;
    return t(key, { defaultValue: t('validation.invalid'), min: PASSWORD_MIN });
  }
  return t('validation.invalid');
}

/** A form checked by a generated schema, with the app's messages. */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'> = {},
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onBlur',
    reValidateMode: 'onChange',
    ...props,
    defaultValues,
    resolver: zodResolver(schema, { error: (issue) => issueMessage(issue as Issue) }),
  });
}

/** A TextField's props for one field of a schema form: registered (`options`: e.g. `valueAsNumber`), with the
 * field's error below it, else `help`. */
export function fieldProps<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  name: FieldPath<T>,
  help: ReactNode = ' ',
  options?: RegisterOptions<T, FieldPath<T>>,
) {
  const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return { ...form.register(name, options), error: Boolean(message), helperText: message ?? help };
}

/** The API's refusal of single fields (`fields`: a code per field), shown at the form's own fields in the user's
 * words; answers which fields it named, so a caller can act on one that is not in the form. */
export function showFieldErrors<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, error: unknown): Record<string, string> {
  const fields = fieldErrors(error);
  const known = Object.keys(form.getValues());
  for (const [name, code] of Object.entries(fields)) {
    if (!known.includes(name)) continue;
    const message = i18n.t(`validation.${code.replace(/ /g, '_')}`, { defaultValue: code, min: PASSWORD_MIN });
    form.setError(name as FieldPath<T>, { type: 'server', message });
  }
  return fields;
}

/** A rule of lib/validation (a code or null, or a catalogue key) over a contract's string field, its code shown in
 * the user's words. */
function checked(field: z.ZodString, rule: (value: string) => string | null) {
  return field.superRefine((value, ctx) => {
    const code = rule(value);
    if (code) ctx.addIssue({ code: 'custom', params: { code } });
  });
}

/** The rules the API checks beyond its contract's bounds, for a contract's string field: lib/validation's address
 * (trimmed) and new password, a required text, and any other rule of that kind. */
export const rules = {
  email: (field: z.ZodString) => checked(field.trim(), validateEmail),
  newPassword: (field: z.ZodString) => checked(field, validatePassword),
  required: (field: z.ZodString) => field.trim().min(1),
  checked,
};

/** A field's rule checked where it applies (a form whose fields depend on a choice, like a coupon's single code
 * or bulk of codes): `schema` (a contract's field) over `value`, its refusal added at `path` in the user's words
 * (`words`: the name its pattern's message is found under, `validation.pattern.{words}`; the field's by default). */
export function checkedAt(ctx: z.RefinementCtx, path: string, schema: z.ZodType, value: unknown, words = path): void {
  const result = schema.safeParse(value, { error: (issue) => issueMessage({ ...(issue as Issue), path: [words] }) });
  if (!result.success) ctx.addIssue({ code: 'custom', path: [path], message: result.error.issues[0]?.message ?? '' });
}
