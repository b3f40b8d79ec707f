/** Which shop a page is: on Sellflow's own hosts the app is the whole platform; on any other host (a seller's
 * verified domain) it is that seller's shop, with the paths of `/s/{username}` shown without the prefix
 * (`/` is the storefront, `/{slug}` a product, `/{slug}/thank_you/{token}`, `/payment/{token}/manage`). */

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Loopback names and IP literals are always Sellflow's own (a seller's domain is never one). */
export function isLocalHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || IPV4.test(h) || h.includes(':') || h.startsWith('[');
}

/** Is this hostname one of Sellflow's own (the config's `app_hosts`, or a local one)? */
export function isOwnHost(hostname: string, appHosts: readonly string[]): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return isLocalHost(h) || appHosts.some((a) => a.toLowerCase() === h);
}

export function shopPrefix(username: string): string {
  return `/s/${encodeURIComponent(username)}`;
}

/** The browser's path on a seller's domain → the app's route path (`/` → `/s/{u}`, `/x` → `/s/{u}/x`). A path that
 * already carries the prefix stays as it is. */
export function toAppPath(prefix: string, pathname: string): string {
  if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return pathname;
  return pathname === '/' || pathname === '' ? prefix : `${prefix}${pathname.startsWith('/') ? '' : '/'}${pathname}`;
}

/** The app's path (with search and hash) → what the browser shows on the seller's domain (the prefix dropped).
 * A path outside the shop is left as it is. */
export function toDomainPath(prefix: string, path: string): string {
  if (path !== prefix && !path.startsWith(`${prefix}/`) && !path.startsWith(`${prefix}?`) && !path.startsWith(`${prefix}#`)) return path;
  const rest = path.slice(prefix.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}
