/** Opens a file the API serves only with the session's token (a document scan, an invoice PDF): fetched with the
 * Authorization header, then shown from a blob URL. */
import { actingHeaders } from '../api/acting';
import { getTokens } from '../api/tokens';

export async function openProtectedFile(path: string): Promise<boolean> {
  const token = getTokens()?.accessToken;
  const r = await fetch(path, { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...actingHeaders(path) } });
  if (!r.ok) return false;
  const url = URL.createObjectURL(await r.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
}
