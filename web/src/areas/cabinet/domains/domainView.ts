/** Pure view rules of the Domains page: state colours, TTL labels, whether "check again" applies, how long the
 * certificate still runs, and which field a refused name belongs to. */
import type { TFunction } from 'i18next';
import type { DnsRecordState, DomainRow, DomainState } from '../../../api/domains';

export type Tone = 'default' | 'success' | 'warning' | 'error' | 'info';

export function stateTone(state: DomainState): Tone {
  switch (state) {
    case 'active_with_ssl':
      return 'success';
    case 'active':
      return 'info';
    case 'error':
      return 'error';
    default:
      return 'warning';
  }
}

export function recordTone(state: DnsRecordState): Tone {
  return state === 'submitted' ? 'success' : state === 'deleted' ? 'default' : 'warning';
}

/** A TTL in seconds as the i18n key of its label (core §9 options: 5 minutes, 1 hour, 1 day, 1 week). */
export function ttlKey(seconds: number): string {
  const known: Record<number, string> = { 300: 'm5', 3600: 'h1', 86400: 'd1', 604800: 'w1' };
  return `domains.ttl.${known[seconds] ?? 'other'}`;
}

/** "Check again" is offered while a record is looked for (the TXT, or a verified custom domain's certificate
 * CNAME before its first certificate, or a verified custom domain's routing records not seen yet) or after the
 * checks gave up. */
export function canCheckAgain(state: DomainState, awaitingDelegation = false, routingMissing = false): boolean {
  return state === 'waiting' || state === 'error' || (state === 'active' && awaitingDelegation) || routingMissing;
}

/** A verified custom domain without a certificate yet: the `_acme-challenge` CNAME is what it waits for. */
export function awaitsDelegation(d: { kind: string; state: DomainState; certificateNotAfter?: string | null }): boolean {
  return d.kind === 'custom' && d.state === 'active' && !d.certificateNotAfter;
}

/** Whole days from `now` until the certificate expires (negative once it has). */
export function daysLeft(notAfter: string | null | undefined, now: Date = new Date()): number | null {
  if (!notAfter) return null;
  const t = new Date(notAfter).getTime();
  if (Number.isNaN(t)) return null;
  return Math.floor((t - now.getTime()) / 86_400_000);
}

/** The hostname a seller will get: the whole name for a custom domain, `{label}.{suffix}` for a subdomain. */
export function previewHostname(kind: 'custom' | 'subdomain', name: string, suffix: string): string {
  const n = name.trim().toLowerCase().replace(/\.$/, '');
  if (!n) return '';
  return kind === 'subdomain' ? `${n}.${suffix}` : n;
}

export type DomainNote = NonNullable<DomainRow['note']>;

/** What the last check or issuance saw, in the seller's language: the workflow reports a code and facts (the record,
 * the value it should have, what was found instead, the DNS server's or the certificate authority's own words);
 * domains last checked before notes still carry the check's English words (`message`). */
export function noteText(t: TFunction, note: DomainNote | null | undefined, message?: string | null): string | null {
  if (!note) return message ?? null;
  const facts = { record: note.record, expected: note.expected, attempts: note.attempts, cause: note.cause };
  const parts = [t(`domains.note.${note.code}`, facts)];
  if (note.dnsError) parts.push(t('domains.note.dnsError', { error: note.dnsError }));
  else if (note.seen.length) parts.push(t('domains.note.seen', { values: note.seen.map((v) => `“${v}”`).join(', ') }));
  return parts.join(' ');
}

type Routing = DomainRow['routing'];

/** The routing records' state together: found when every one was seen, else waiting (deleted with the domain). */
export function routingState(routing: Routing): DnsRecordState {
  if (routing.some((r) => r.state === 'deleted')) return 'deleted';
  return routing.every((r) => r.state === 'submitted') ? 'submitted' : 'waiting';
}

/** A verified custom domain whose routing records were not all seen: "check again" looks at them now. */
export function routingDue(d: Pick<DomainRow, 'state' | 'routing'>): boolean {
  return (d.state === 'active' || d.state === 'active_with_ssl') && d.routing.length > 0 && routingState(d.routing) !== 'submitted';
}

/** What the last look at the routing records saw, in words: when, and what a record holds instead. */
export function routingSeenText(t: TFunction, routing: Routing, checkedAt: string | null): string {
  if (!checkedAt) return t('domains.routingNotChecked');
  const wrong = routing.filter((r) => r.state === 'waiting' && r.seen.length);
  if (!wrong.length) return t('domains.routingCheckedAt', { at: checkedAt });
  const seen = wrong.map((r) => `${r.type} ${r.seen.map((v) => `“${v}”`).join(', ')}`).join('; ');
  return `${t('domains.routingCheckedAt', { at: checkedAt })} ${t('domains.note.seen', { values: seen })}`;
}

/** What the seller waits for now, as an i18n key under `domains.awaited.` and the alert's tone. */
export function awaitedNow(
  d: Pick<DomainRow, 'kind' | 'state' | 'routing' | 'certificateNotAfter'>,
): { key: string; tone: 'info' | 'success' | 'warning' | 'error' } {
  if (d.state === 'error') return { key: 'domains.awaited.error', tone: 'error' };
  if (d.state === 'waiting') return { key: d.kind === 'subdomain' ? 'domains.awaited.platformTxt' : 'domains.awaited.txt', tone: 'info' };
  if (routingDue(d)) return { key: 'domains.awaited.routing', tone: 'warning' };
  if (awaitsDelegation(d)) return { key: 'domains.awaited.delegation', tone: 'info' };
  if (d.state === 'active') return { key: 'domains.awaited.certificate', tone: 'info' };
  return { key: 'domains.awaited.nothing', tone: 'success' };
}
