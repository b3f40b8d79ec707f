// `react-router` in the shop's build (vite.shop.config.ts): the part of its declarative API the buyer's pages use,
// in about a tenth of its size. Routes are one flat table (the shop's have no children); they are ranked as
// react-router ranks them (a static segment before a parameter, a splat last, then their order) and matched without
// regard to case, with an optional trailing slash; parameters are decoded. A link to another origin is an ordinary
// link. src/preact/react-router.test.tsx asks this and react-router the same questions.
import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

export enum NavigationType {
  Pop = 'POP',
  Push = 'PUSH',
  Replace = 'REPLACE',
}

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}
export interface Location<State = unknown> extends Path {
  state: State;
  key: string;
}
export type To = string | Partial<Path>;
export interface Navigator {
  createHref: (to: To) => string;
  go: (delta: number) => void;
  push: (to: To, state?: unknown) => void;
  replace: (to: To, state?: unknown) => void;
}
export interface RouteObject {
  path?: string;
  element?: ReactNode;
  index?: boolean;
  children?: RouteObject[];
}
export type Params = Record<string, string | undefined>;
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  let path = pathname;
  if (search && search !== '?') path += search.startsWith('?') ? search : `?${search}`;
  if (hash && hash !== '#') path += hash.startsWith('#') ? hash : `#${hash}`;
  return path;
}

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  let rest = path;
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    parsed.hash = rest.slice(hash);
    rest = rest.slice(0, hash);
  }
  const search = rest.indexOf('?');
  if (search >= 0) {
    parsed.search = rest.slice(search);
    rest = rest.slice(0, search);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** `to` from the page at `pathname`: an absolute path as it is, a relative one (`?page=2`, `../x`) resolved. */
function resolveTo(to: To, pathname: string): string {
  if (typeof to !== 'string') return createPath({ pathname, ...to });
  if (to.startsWith('/')) return to;
  const url = new URL(to, `http://x${pathname}`);
  return url.pathname + url.search + url.hash;
}

interface RouterState {
  location: Location;
  navigator: Navigator;
  navigationType: NavigationType;
}
const RouterContext = createContext<RouterState | null>(null);
const ParamsContext = createContext<Params>({});

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a router hook used outside a <Router>');
  return router;
}

export function Router({
  location,
  navigator,
  navigationType = NavigationType.Pop,
  children,
}: {
  location: Partial<Location> | string;
  navigator: Navigator;
  navigationType?: NavigationType;
  children?: ReactNode;
}) {
  const given = typeof location === 'string' ? parsePath(location) : location;
  const { pathname = '/', search = '', hash = '', state = null, key = 'default' } = given as Partial<Location>;
  const value = useMemo<RouterState>(
    () => ({ location: { pathname, search, hash, state, key }, navigator, navigationType }),
    [pathname, search, hash, state, key, navigator, navigationType],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function browserLocation(): Location {
  const st = window.history.state as { usr?: unknown; key?: string } | null;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: st?.usr ?? null, key: st?.key ?? 'default' };
}

/** The browser's address and history (history.state keeps `{ usr, key }`, as react-router's does). */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [current, setCurrent] = useState(() => ({ location: browserLocation(), action: NavigationType.Pop }));
  useEffect(() => {
    const onPop = () => setCurrent({ location: browserLocation(), action: NavigationType.Pop });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigator = useMemo<Navigator>(() => {
    const href = (to: To) => (typeof to === 'string' ? to : createPath(to));
    const move = (action: NavigationType.Push | NavigationType.Replace) => (to: To, state?: unknown) => {
      const entry = { usr: state ?? null, key: Math.random().toString(36).slice(2, 10) };
      if (action === NavigationType.Push) window.history.pushState(entry, '', href(to));
      else window.history.replaceState(entry, '', href(to));
      setCurrent({ location: browserLocation(), action });
    };
    return {
      createHref: href,
      go: (delta) => window.history.go(delta),
      push: move(NavigationType.Push),
      replace: move(NavigationType.Replace),
    };
  }, []);
  return (
    <Router location={current.location} navigator={navigator} navigationType={current.action}>
      {children}
    </Router>
  );
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().navigationType;
}

export function useNavigate() {
  const { navigator, location } = useRouter();
  const { pathname } = location;
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') {
        navigator.go(to);
        return;
      }
      const path = resolveTo(to, pathname);
      if (options.replace) navigator.replace(path, options.state);
      else navigator.push(path, options.state);
    },
    [navigator, pathname],
  );
}

export function useParams<P extends Params = Params>(): P {
  return useContext(ParamsContext) as P;
}

type SearchInit = string | URLSearchParams | Record<string, string | string[]> | [string, string][];
function searchOf(init: SearchInit): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams || Array.isArray(init)) return new URLSearchParams(init);
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(init)) for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
  return params;
}

export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const made = searchOf(typeof next === 'function' ? next(new URLSearchParams(params)) : next).toString();
      navigate(`?${made}`, options);
    },
    [navigate, params],
  );
  return [params, set];
}

// react-router's ranking: each segment of the pattern scores, a splat costs, the highest score wins, the table's
// order breaks ties
function score(path: string, index: boolean): number {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const s of segments) if (s !== '*') total += /^:[\w-]+$/.test(s) ? 3 : s === '' ? 1 : 10;
  return total;
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function matchOne(pattern: string, pathname: string): Params | null {
  const names: string[] = [];
  let source = `^${pattern
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)(\?)?/g, (_, name: string, optional?: string) => {
      names.push(name);
      return optional ? '/?([^\\/]+)?' : '/([^\\/]+)';
    })}`;
  if (pattern.endsWith('*')) {
    names.push('*');
    source += pattern === '*' || pattern === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  const m = new RegExp(source, 'i').exec(pathname);
  if (!m) return null;
  const params: Params = {};
  names.forEach((name, i) => {
    const value = m[i + 1];
    params[name] = value === undefined ? undefined : name === '*' ? value : decoded(value);
  });
  return params;
}

/** The route of a flat table `pathname` shows, and its parameters. */
export function matchFlat(routes: RouteObject[], pathname: string): { route: RouteObject; params: Params } | null {
  const ranked = routes
    .map((route, order) => ({ route, order, score: score(route.path ?? '', !!route.index) }))
    .sort((a, b) => b.score - a.score || a.order - b.order);
  for (const { route } of ranked) {
    const params = matchOne(route.path ?? '', pathname);
    if (params) return { route, params };
  }
  return null;
}

export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const found = useMemo(() => matchFlat(routes, pathname), [routes, pathname]);
  if (!found) return null;
  return <ParamsContext.Provider value={found.params}>{found.route.element}</ParamsContext.Provider>;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  reloadDocument?: boolean;
};

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, reloadDocument, target, onClick, ...rest },
  ref,
) {
  const { navigator, location } = useRouter();
  const navigate = useNavigate();
  const external = typeof to === 'string' && EXTERNAL.test(to);
  const path = external ? (to as string) : resolveTo(to, location.pathname);
  const href = external ? path : navigator.createHref(path);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || external || reloadDocument || e.button !== 0 || (target && target !== '_self')) return;
    if (e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    navigate(path, { replace, state });
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={click} />;
});
