/** The seller's domains (`/v1/cabinet/domains`), over the generated SDK (sdk.gen.ts): no path or shape written here. */
import type { Answer, Body } from './sdk';
import * as sdk from './sdk.gen';

export type DomainsOverview = Answer<'list_domains'>;
export type DomainRow = DomainsOverview['list'][number];
export type DomainDetail = Answer<'get_domain'>;
export type DomainEvent = DomainDetail['history'][number];
export type DomainState = DomainRow['state'];
export type DomainAction = DomainEvent['action'];
export type DomainKind = DomainRow['kind'];
export type DnsRecordState = DomainRow['record']['state'];
export type DomainInput = Body<'add_domain', 'ttl'>;

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const domainsApi = {
  list: (signal?: AbortSignal) => sdk.listDomains(withSignal(signal)),
  get: (id: number, signal?: AbortSignal) => sdk.getDomain(id, withSignal(signal)),
  /** A refused name (400) or a taken one (409) is shown by the form, not as a toast. */
  add: (input: DomainInput) => sdk.addDomain(input, { suppressErrors: true }),
  check: (id: number) => sdk.checkDomain(id),
  remove: (id: number) => sdk.deleteDomain(id),
};
