/**
 * Requests that are cancelled on route change. Endpoints whose path contains one of these words
 * survive a route change (core §4).
 */
export const KEEP_ON_ROUTE_CHANGE = ['token', 'seller', 'user', 'publisher', 'payer', 'currencies', 'discussions', 'fonts'];

const inflight = new Set<AbortController>();

export function isCancellableOnRouteChange(path: string): boolean {
  const bare = path.split('?')[0] ?? '';
  return !KEEP_ON_ROUTE_CHANGE.some((word) => bare.includes(word));
}

export function track(controller: AbortController): () => void {
  inflight.add(controller);
  return () => inflight.delete(controller);
}

/** Aborts every tracked in-flight request; returns how many were aborted. */
export function cancelInflightRequests(): number {
  const count = inflight.size;
  for (const c of inflight) c.abort();
  inflight.clear();
  return count;
}

export function inflightCount(): number {
  return inflight.size;
}
