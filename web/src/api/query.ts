import { camelToSnake } from './case';

/** A query value: scalars, arrays (sent as `key[]=`) and nested objects (sent as `key[sub]`). */
export type QueryValue = string | number | boolean | null | undefined | QueryValue[] | { [key: string]: QueryValue };
export type QueryParams = Record<string, QueryValue>;

function append(parts: string[], key: string, value: QueryValue): void {
  if (value === undefined || value === null || value === '') return;
  if (Array.isArray(value)) {
    for (const item of value) append(parts, `${key}[]`, item);
    return;
  }
  if (typeof value === 'object') {
    for (const [sub, inner] of Object.entries(value)) append(parts, `${key}[${camelToSnake(sub)}]`, inner);
    return;
  }
  parts.push(`${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(String(value))}`);
}

/**
 * Builds a snake_case query string with bracket arrays:
 * `{sortKey: 'created_at', filters: {paymentState: ['paid']}}` →
 * `sort_key=created_at&filters[payment_state][]=paid`. Empty values are left out.
 */
export function buildQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) append(parts, camelToSnake(key), value);
  return parts.join('&');
}
