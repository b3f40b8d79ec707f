/**
 * The editor's forms: react-hook-form with the request schemas generated from the API contract (api/zod.gen.ts),
 * so each rule is written once, in the backend's Pydantic model, and shown here before anything is sent. The
 * messages are the app's own, in the user's language: a rule's code picks the words, a field may have its own
 * words for a pattern (`validation.pattern.{field}`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';
import i18n from '../i18n';

interface Issue {
  code: string;
  path?: PropertyKey[];
  maximum?: unknown;
  minimum?: unknown;
  origin?: string;
  format?: string;
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
