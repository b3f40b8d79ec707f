/**
 * A team member working for a seller (core §2 Team member area; issue 23): while they work in the seller's
 * cabinet (`/team_member/sellers/{id}/…`), every cabinet call names that seller in `Sellflow-Seller-Id`, and the
 * cabinet's own paths are rewritten to the team member's seller paths. Kept for the browser tab (a reload stays
 * in the seller's cabinet); the team member area's own pages end it.
 */
const KEY = 'sf_acting_seller';
export const ACTING_HEADER = 'Sellflow-Seller-Id';

let acting: number | null = read();

function read(): number | null {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY);
    const id = raw ? Number(raw) : NaN;
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function actingSeller(): number | null {
  return acting;
}

/** Starts (an id) or ends (null) working for a seller; whether it changed. */
export function setActingSeller(id: number | null): boolean {
  if (id === acting) return false;
  acting = id;
  try {
    if (id === null) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, String(id));
  } catch {
    // private mode without storage: this page load only
  }
  return true;
}

/** The header a call to `path` carries: the seller's id on a cabinet call while working for them. */
export function actingHeaders(path: string): Record<string, string> {
  return acting !== null && /(^|\/v1)\/cabinet\//.test(path) ? { [ACTING_HEADER]: String(acting) } : {};
}

/** The team member's path for a cabinet path (`/cabinet/orders?x` → `/team_member/sellers/7/orders?x`). */
export function actingPath(seller: number, cabinetPath: string): string {
  const rest = cabinetPath.replace(/^\/cabinet/, '');
  return `/team_member/sellers/${seller}${rest}`;
}
