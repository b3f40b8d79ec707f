/** Opens a file the API serves only with the session's token (a document scan, an invoice PDF): fetched with the
 * Authorization header, then shown from a blob URL. A file the API sends as an attachment with its name that a
 * browser does not show (a list's CSV: `orders-2026-11-28.csv`) is saved under that name rather than the blob's
 * random one. */
import { actingHeaders } from '../api/acting';
import { getTokens } from '../api/tokens';

/** The file name of a `Content-Disposition: attachment; filename="…"` header, or null. */
export function attachmentName(disposition: string | null): string | null {
  if (!disposition || !/^\s*attachment/i.test(disposition)) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent((star[1] ?? '').trim()) || null;
    } catch {
      return null;
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;\s]+)/i.exec(disposition);
  const name = plain ? (plain[1] ?? plain[2] ?? '').trim() : '';
  return name || null;
}

/** The name to save a file under: an attachment the browser cannot show (a CSV), not a PDF or a picture, which
 * open in a tab to be read. */
export function savedName(disposition: string | null, type: string | null): string | null {
  const shown = /^(application\/pdf|image\/)/i.test(type ?? '');
  return shown ? null : attachmentName(disposition);
}

export async function openProtectedFile(path: string): Promise<boolean> {
  const token = getTokens()?.accessToken;
  const r = await fetch(path, { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...actingHeaders(path) } });
  if (!r.ok) return false;
  const url = URL.createObjectURL(await r.blob());
  const name = savedName(r.headers.get('content-disposition'), r.headers.get('content-type'));
  if (name) {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
  } else {
    window.open(url, '_blank', 'noopener');
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
}
