import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BrowserRouter, createPath, NavigationType, Router, type Navigator, type To } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { shopQueries } from '../areas/shop/queries';
import { isLocalHost, isOwnHost, shopPrefix, toAppPath, toDomainPath } from './hostShop';

const NotFoundPage = lazy(() => import('../areas/public/NotFoundPage'));

/**
 * The app's router, by host. On Sellflow's own hosts (`app_hosts` of `/v1/common/config`; loopback names and IP
 * addresses always) it is the ordinary browser router. On any other host the page was opened on a seller's
 * verified domain: it asks `GET /v1/shop/_host` once and shows that seller's shop with the `/s/{username}`
 * prefix hidden from the address bar (DomainRouter); a host no shop answers on shows the 404 page.
 */
export function HostRouter({ children }: { children: ReactNode }) {
  const hostname = window.location.hostname;
  const local = isLocalHost(hostname);
  const config = useQuery({ ...shopQueries.config(), enabled: !local });
  const own = local || config.isError ? true : config.data ? isOwnHost(hostname, config.data.appHosts) : undefined;
  const shop = useQuery({ ...shopQueries.host(hostname), enabled: own === false });
  if (own === true) return <BrowserRouter>{children}</BrowserRouter>;
  if (own === undefined || shop.isPending) return <PageLoader minHeight="60vh" />;
  if (shop.isError) {
    return (
      <BrowserRouter>
        <Suspense fallback={<PageLoader minHeight="60vh" />}>
          <NotFoundPage />
        </Suspense>
      </BrowserRouter>
    );
  }
  return <DomainRouter username={shop.data.username}>{children}</DomainRouter>;
}

type HistoryState = { usr: unknown; key: string } | null;

/** A router whose routes see `/s/{username}/…` while the browser shows `/…`: no redirect, no second route table. */
function DomainRouter({ username, children }: { username: string; children: ReactNode }) {
  const prefix = shopPrefix(username);
  const read = useCallback(() => {
    const st = window.history.state as HistoryState;
    return {
      pathname: toAppPath(prefix, window.location.pathname),
      search: window.location.search,
      hash: window.location.hash,
      state: st?.usr ?? null,
      key: st?.key ?? 'default',
    };
  }, [prefix]);
  const [location, setLocation] = useState(read);
  const [navigationType, setNavigationType] = useState(NavigationType.Pop);
  useEffect(() => {
    const onPop = () => {
      setNavigationType(NavigationType.Pop);
      setLocation(read());
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [read]);
  const navigator = useMemo<Navigator>(() => {
    const href = (to: To) => toDomainPath(prefix, typeof to === 'string' ? to : createPath(to));
    const move = (kind: NavigationType.Push | NavigationType.Replace) => (to: To, state?: unknown) => {
      const entry = { usr: state ?? null, key: Math.random().toString(36).slice(2, 10) };
      if (kind === NavigationType.Push) window.history.pushState(entry, '', href(to));
      else window.history.replaceState(entry, '', href(to));
      setNavigationType(kind);
      setLocation(read());
    };
    return {
      createHref: href,
      go: (n: number) => window.history.go(n),
      push: move(NavigationType.Push),
      replace: move(NavigationType.Replace),
    };
  }, [prefix, read]);
  return (
    <Router location={location} navigator={navigator} navigationType={navigationType}>
      {children}
    </Router>
  );
}
