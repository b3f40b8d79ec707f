/** The one-time notice the sign-in page shows after the seller confirmed the deletion of their account: the session
 * ends when the account is gone, and the seller lands on sign-in, which then says why. Kept in this tab only. */

const KEY = 'sellflow.accountDeleted';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Remembered when the seller confirms a deletion. */
export function rememberAccountDeleted(): void {
  storage()?.setItem(KEY, '1');
}

/** True after a confirmed deletion, until forgotten. */
export function accountDeleted(): boolean {
  return storage()?.getItem(KEY) != null;
}

/** Once the sign-in page has shown the notice. */
export function forgetAccountDeleted(): void {
  storage()?.removeItem(KEY);
}
