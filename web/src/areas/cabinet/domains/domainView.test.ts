import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import de from '../../../i18n/de.json';
import {
  awaitedNow,
  awaitsDelegation,
  canCheckAgain,
  daysLeft,
  noteText,
  previewHostname,
  recordTone,
  routingDue,
  routingState,
  stateTone,
  ttlKey,
} from './domainView';

const lookup = (dict: unknown, key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), dict);

describe('domain view rules', () => {
  it('colours a domain by its state (core §4)', () => {
    expect(stateTone('active_with_ssl')).toBe('success');
    expect(stateTone('active')).toBe('info');
    expect(stateTone('error')).toBe('error');
    expect(stateTone('waiting')).toBe('warning');
    expect(recordTone('submitted')).toBe('success');
    expect(recordTone('waiting')).toBe('warning');
  });

  it('names every TTL option of core §9 in en and de', () => {
    for (const ttl of [300, 3600, 86400, 604800]) {
      expect(ttlKey(ttl)).not.toBe('domains.ttl.other');
      expect(lookup(en, ttlKey(ttl))).toBeTypeOf('string');
      expect(lookup(de, ttlKey(ttl))).toBeTypeOf('string');
    }
  });

  it('labels every state, record state and history action in en and de', () => {
    const keys = [
      ...['waiting', 'active', 'error', 'active_with_ssl'].map((s) => `domains.state.${s}`),
      ...['waiting', 'submitted', 'deleted'].map((s) => `domains.recordState.${s}`),
      ...[
        'added',
        'record_published',
        'checked_missing',
        'record_found',
        'check_failed',
        'check_requested',
        'certificate_issued',
        'certificate_renewed',
        'certificate_failed',
        'deleted',
      ].map((a) => `domains.action.${a}`),
    ];
    for (const key of keys) {
      expect(lookup(en, key), key).toBeTypeOf('string');
      expect(lookup(de, key), key).toBeTypeOf('string');
    }
  });

  it('offers "check again" only before the domain is verified', () => {
    expect(canCheckAgain('waiting')).toBe(true);
    expect(canCheckAgain('error')).toBe(true);
    expect(canCheckAgain('active')).toBe(false);
    expect(canCheckAgain('active_with_ssl')).toBe(false);
    // a verified custom domain still looking for its certificate CNAME
    expect(canCheckAgain('active', true)).toBe(true);
    expect(awaitsDelegation({ kind: 'custom', state: 'active', certificateNotAfter: null })).toBe(true);
    expect(awaitsDelegation({ kind: 'subdomain', state: 'active', certificateNotAfter: null })).toBe(false);
    expect(awaitsDelegation({ kind: 'custom', state: 'active', certificateNotAfter: '2027-01-01T00:00:00Z' })).toBe(false);
  });

  it('counts the days a certificate still runs', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(daysLeft('2027-02-21T10:00:00Z', now)).toBe(90);
    expect(daysLeft(null, now)).toBeNull();
    expect(daysLeft('2026-11-22T10:00:00Z', now)).toBe(-1);
  });

  it('previews the hostname the seller gets', () => {
    expect(previewHostname('subdomain', 'Anna', 'sellflow.site')).toBe('anna.sellflow.site');
    expect(previewHostname('custom', 'Shop.Example.com.', 'sellflow.site')).toBe('shop.example.com');
    expect(previewHostname('custom', '  ', 'sellflow.site')).toBe('');
  });
});

describe('routing records', () => {
  const rec = (state: 'waiting' | 'submitted' | 'deleted') => ({ type: 'A' as const, name: 'example.com', value: '203.0.113.10', ttl: 300, state, seen: [] });
  it('is found only when every record was seen', () => {
    expect(routingState([rec('submitted'), rec('submitted')])).toBe('submitted');
    expect(routingState([rec('submitted'), rec('waiting')])).toBe('waiting');
    expect(routingState([rec('deleted')])).toBe('deleted');
  });
  it('is due for a look on a verified domain whose records were not seen, and offers "check again" then', () => {
    expect(routingDue({ state: 'active_with_ssl', routing: [rec('waiting')] })).toBe(true);
    expect(routingDue({ state: 'active_with_ssl', routing: [rec('submitted')] })).toBe(false);
    expect(routingDue({ state: 'waiting', routing: [rec('waiting')] })).toBe(false);
    expect(routingDue({ state: 'active', routing: [] })).toBe(false);
    expect(canCheckAgain('active_with_ssl', false, true)).toBe(true);
  });
  it('says what the seller waits for now', () => {
    const d = { kind: 'custom' as const, routing: [rec('submitted')], certificateNotAfter: null };
    expect(awaitedNow({ ...d, state: 'waiting' }).key).toBe('domains.awaited.txt');
    expect(awaitedNow({ ...d, kind: 'subdomain', state: 'waiting' }).key).toBe('domains.awaited.platformTxt');
    expect(awaitedNow({ ...d, state: 'error' })).toEqual({ key: 'domains.awaited.error', tone: 'error' });
    expect(awaitedNow({ ...d, state: 'active' }).key).toBe('domains.awaited.delegation');
    expect(awaitedNow({ ...d, state: 'active_with_ssl', routing: [rec('waiting')] }).key).toBe('domains.awaited.routing');
    expect(awaitedNow({ ...d, state: 'active_with_ssl', certificateNotAfter: '2027-01-01T00:00:00Z' }).key).toBe('domains.awaited.nothing');
    expect(awaitedNow({ ...d, kind: 'subdomain', routing: [], state: 'active' }).key).toBe('domains.awaited.certificate');
  });
});

describe('noteText', () => {
  const t = ((key: string, values?: Record<string, unknown>) => `${key}${values ? ` ${JSON.stringify(values)}` : ''}`) as unknown as TFunction;
  const note = { code: 'cname_missing' as const, record: '_acme-challenge.a.test', expected: 'x.acme.sellflow.site', attempts: 2, seen: [], dnsError: '', cause: '' };

  it('words the code with its facts', () => {
    expect(noteText(t, note)).toBe(
      'domains.note.cname_missing {"record":"_acme-challenge.a.test","expected":"x.acme.sellflow.site","attempts":2,"cause":""}',
    );
  });

  it('adds what was found instead, or the DNS server’s own error', () => {
    expect(noteText(t, { ...note, seen: ['elsewhere.test'] })).toContain('domains.note.seen {"values":"“elsewhere.test”"}');
    expect(noteText(t, { ...note, seen: ['x'], dnsError: 'timeout' })).toContain('domains.note.dnsError {"error":"timeout"}');
    expect(noteText(t, { ...note, seen: ['x'], dnsError: 'timeout' })).not.toContain('domains.note.seen');
  });

  it('falls back to the words of a check made before notes, else nothing', () => {
    expect(noteText(t, null, 'No TXT record yet.')).toBe('No TXT record yet.');
    expect(noteText(t, null, null)).toBeNull();
  });
});
