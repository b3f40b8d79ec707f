/** Key case conversion between the API (snake_case) and the app (camelCase). */

export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function camelToSnake(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z])([A-Z][a-z])/g, '$1_$2').toLowerCase();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[convert(key)] = convertKeys(inner, convert);
    return out;
  }
  return value;
}

/** Deeply converts object keys of an API answer to camelCase. */
export function keysToCamel<T = unknown>(value: unknown): T {
  return convertKeys(value, snakeToCamel) as T;
}

/** Deeply converts object keys of a request body to snake_case. */
export function keysToSnake<T = unknown>(value: unknown): T {
  return convertKeys(value, camelToSnake) as T;
}
