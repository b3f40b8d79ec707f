/** The builder's edit history: every change is a new present; undo and redo walk it (at most LIMIT steps back). */
export const LIMIT = 100;

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** the last change's field and time: typing in one field within COALESCE_MS is one step, not one per key */
  lastKey?: string | undefined;
  lastAt?: number | undefined;
}

export const COALESCE_MS = 1000;

export const start = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** A new present. A change of the same `key` (a field) within COALESCE_MS of the last one replaces it, so a word
 * typed is undone at once; a change without a key (adding, moving, deleting a block) is always its own step. */
export function change<T>(h: History<T>, next: T, key?: string, now: number = Date.now()): History<T> {
  if (Object.is(next, h.present)) return h;
  if (key !== undefined && key === h.lastKey && h.lastAt !== undefined && now - h.lastAt < COALESCE_MS) {
    return { ...h, present: next, future: [], lastAt: now };
  }
  return { past: [...h.past, h.present].slice(-LIMIT), present: next, future: [], lastKey: key, lastAt: now };
}

export function undo<T>(h: History<T>): History<T> {
  const prev = h.past[h.past.length - 1];
  if (prev === undefined) return h;
  return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future], lastKey: undefined };
}

export function redo<T>(h: History<T>): History<T> {
  const [next, ...rest] = h.future;
  if (next === undefined) return h;
  return { past: [...h.past, h.present], present: next, future: rest, lastKey: undefined };
}

/** The list with the item at `from` moved to `to` (drag and drop, or the up and down buttons). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

/** A block id no other block on the page has (`{type}-{n}`). */
export function freshId(type: string, taken: readonly string[]): string {
  const base = type.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 30) || 'block';
  let n = 1;
  while (taken.includes(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/** snake_case (the catalogue's field names) → camelCase (the app's keys). */
export const camel = (name: string): string => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
