/** The account deletion wizard (`/v1/cabinet/account_deletion`), over the generated SDK (sdk.gen.ts): no path or
 * shape written here. */
import type { Answer, Body } from './sdk';
import * as sdk from './sdk.gen';

export type AccountDeletion = Answer<'get_account_deletion'>;
export type DeletionCheck = AccountDeletion['checks'][number];
export type DeletionStart = Body<'start_account_deletion', 'subscriptions'>;
export type FlowKind = DeletionStart['flowKind'];
export type DeletionReason = DeletionStart['reasons'][number];
export type SubscriptionChoice = NonNullable<DeletionStart['subscriptions']>;

/** The query key of the wizard's state (the wizard and the dashboard's banner share it). */
export const ACCOUNT_DELETION_KEY = ['account-deletion'];

export const accountDeletionApi = {
  state: (signal?: AbortSignal) => sdk.getAccountDeletion(signal ? { signal } : {}),
  start: (body: DeletionStart) => sdk.startAccountDeletion(body),
  checkAgain: () => sdk.checkAccountDeletionAgain(),
  endSubscriptions: () => sdk.endAccountSubscriptions(),
  confirm: (username: string) => sdk.confirmAccountDeletion({ username }),
  cancel: () => sdk.cancelAccountDeletion(),
  reactivate: () => sdk.reactivateAccount(),
};
