import type { ComponentType, ReactNode } from 'react';
import type { Answer } from '../../api/sdk';
import * as sdk from '../../api/sdk.gen';
import type { PayoutSource } from '../../components/PayoutPanels';
import { PublisherOnly } from '../publish/usePublisher';
import { TeamOnly } from '../team/useTeam';

export type PayoutRow = Answer<'publisher_payouts'>['list'][number];
export type TransferRow = Answer<'publisher_transfers'>['list'][number];

/** Someone paid by the sellers they work for, apart from the sellers themselves: a publisher or a sales team member
 * (issue 48, one payee). Their money pages are one set of pages; this says whose. */
export interface Payee {
  /** the first part of the pages' query keys, and the namespace of their words */
  scope: 'publish' | 'team';
  /** the payee's own area (`/publish`, `/team_member`) */
  home: string;
  /** the page shown only to someone who is this payee already (else the way to become one) */
  Only: ComponentType<{ children: ReactNode }>;
  payouts: Omit<PayoutSource, 'queryKey'>;
  transfers: (query: { page: number; per: number }, signal: AbortSignal) => Promise<{ list: TransferRow[]; totalCount?: number }>;
  /** opens the payment account the payee's profile is kept in (once; again is a no-op) */
  openAccount: () => Promise<unknown>;
}

export const PUBLISHER: Payee = {
  scope: 'publish',
  home: '/publish',
  Only: PublisherOnly,
  payouts: {
    load: (signal) => sdk.publisherPayouts({ signal }),
    save: (settings) => sdk.savePublisherPayoutSettings(settings),
    cashout: () => sdk.publisherCashout(),
  },
  transfers: (query, signal) => sdk.publisherTransfers(query, { signal }),
  openAccount: () => sdk.openPaymentAccount(),
};

export const SALES_TEAM_MEMBER: Payee = {
  scope: 'team',
  home: '/team_member',
  Only: TeamOnly,
  payouts: {
    load: (signal) => sdk.teamMemberPayouts({ signal }),
    save: (settings) => sdk.saveTeamMemberPayoutSettings(settings),
    cashout: () => sdk.teamMemberCashout(),
  },
  transfers: (query, signal) => sdk.teamMemberTransfers(query, { signal }),
  openAccount: () => sdk.openTeamPaymentAccount(),
};
