/** Wall times in an event's time zone: what the seller types into a date-time field, the instant the API keeps
 * (UTC with its offset), and the way a buyer reads it back, all in that zone whatever the browser's own. */

function offsetAt(utcMs: number, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - utcMs;
}

/** A wall time typed in `tz` (`2027-05-01T18:00`) as an ISO instant, or null when it is not one. */
export function zonedToIso(local: string, tz: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  const first = wall - offsetAt(wall, tz);
  return new Date(wall - offsetAt(first, tz)).toISOString(); // the second look settles a daylight-saving change
}

/** An instant as the wall time in `tz`, for a date-time field. */
export function isoToZoned(iso: string, tz: string): string {
  const ms = Date.parse(iso);
  return new Date(ms + offsetAt(ms, tz)).toISOString().slice(0, 16);
}

/** An instant as read in its event's zone, with the zone's short name (e.g. "1 May 2027, 18:00 CEST"). */
export function formatInZone(iso: string, tz: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: tz,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** The IANA zones the browser knows (its list leaves out `UTC`, which a seller may well want). */
export const TIME_ZONES: readonly string[] = [
  ...new Set([
    ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Europe/Berlin', 'Europe/Vienna', 'Europe/Zurich']),
    'UTC',
  ]),
];

/** When a ticket is valid, as the seller and the buyer read it (in the event's zone), or `anyDay`. */
export function ticketWhen(
  x: { startsAt?: string | null; endsAt?: string | null; timeZone: string; withoutDates: boolean },
  locale: string,
  anyDay: string,
): string {
  if (x.withoutDates || !x.startsAt) return anyDay;
  const start = formatInZone(x.startsAt, x.timeZone, locale);
  return x.endsAt ? `${start} – ${formatInZone(x.endsAt, x.timeZone, locale)}` : start;
}
