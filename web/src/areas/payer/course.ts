/** What the course player shows of a lesson row: where to start, how long until a dripped lesson opens. */

export interface OutlineRow {
  id: number;
  kind: 'chapter' | 'lesson';
  status?: string | null;
  opensAt?: string | null;
}

/** The lesson to open first: the first one not finished that is open, else the first open one. */
export function startLesson(items: readonly OutlineRow[]): number | null {
  const open = items.filter((x) => x.kind === 'lesson' && x.status !== 'pending' && x.status !== 'not_for_publish');
  return (open.find((x) => x.status !== 'finished') ?? open[0])?.id ?? null;
}

/** Time left until `opensAt`, in whole days and hours (rounded up to the hour); null once it is open. */
export function opensIn(opensAt: string | null | undefined, now: Date): { days: number; hours: number } | null {
  if (!opensAt) return null;
  const ms = new Date(opensAt).getTime() - now.getTime();
  if (ms <= 0) return null;
  const hours = Math.ceil(ms / 3_600_000);
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}

/** A media link the browser plays itself (a file), or null for a player page opened as a link. */
export function playable(url: string, kind: 'video' | 'audio'): boolean {
  const path = url.split(/[?#]/)[0]!.toLowerCase();
  const exts = kind === 'video' ? ['.mp4', '.webm', '.ogv', '.mov', '.m4v'] : ['.mp3', '.m4a', '.ogg', '.oga', '.wav', '.aac', '.flac'];
  return exts.some((e) => path.endsWith(e));
}

/** Read-only rows with React keys from their content (a repeated row gets its occurrence number). */
export function keyed<T>(rows: readonly T[]): { key: string; row: T }[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const text = JSON.stringify(row);
    const n = (seen.get(text) ?? 0) + 1;
    seen.set(text, n);
    return { key: `${text}#${n}`, row };
  });
}
