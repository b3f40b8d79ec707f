import { currentDateLocale } from '../i18n';

const numeric = new Map<string, Intl.DateTimeFormat>();
function inLocale(locale: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}`;
  let f = numeric.get(key);
  if (!f) {
    const time = withTime ? ({ hour: '2-digit', minute: '2-digit' } as const) : ({ timeZone: 'UTC' } as const);
    f = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', ...time });
    numeric.set(key, f);
  }
  return f;
}

/** Default date format DD.MM.YYYY HH:mm (core §9); a buyer reading another language (or a date locale of
 * core §9) reads the date as that locale writes it. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const locale = currentDateLocale();
  if (locale) return inLocale(locale, true).format(d);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}.${p(d.getMonth() + 1)}.${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** To the millisecond, for event histories: DD.MM.YYYY HH:mm:ss.SSS. */
export function formatDateTimeMs(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const day = `${p(d.getDate())}.${p(d.getMonth() + 1)}.${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
  return `${day}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}

/** A calendar date (`2026-11-23`, or an ISO time) as DD.MM.YYYY, without a time zone shift. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  const locale = currentDateLocale();
  if (locale) return inLocale(locale, false).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12)));
  return `${m[3]}.${m[2]}.${m[1]}`;
}

/** How long ago, in words of the language ("5 minutes ago", "vor 5 Minuten"); the date past a week. */
export function relativeTime(iso: string | null | undefined, language: string, now: number = Date.now()): string {
  if (!iso) return '—';
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  const seconds = Math.round((at - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return rtf.format(Math.round(seconds / 86_400), 'day');
  return formatDate(iso);
}
