import { createContext, createElement, useContext, useEffect, useReducer, useRef, type ReactNode } from 'react';

// `@tanstack/react-query` in the shop's build (vite.shop.config.ts): the part of it the buyer's pages use, in about
// two kilobytes instead of ten. A query is cached by its key's hash and fetched once at a time; it is fetched when a
// component shows it and it is stale (its `staleTime` past, or invalidated), retried by `retry` with react-query's
// delays (1 s, doubling, at most 30 s), refetched every `refetchInterval` while shown and the page is visible, and
// dropped `gcTime` after the last component showing it went. `placeholderData` stands in while a new key loads.
// Not here: mutations, window-focus and reconnect refetching (the app turns focus off), suspense, infinite queries.
// src/preact/react-query.test.tsx runs the same cases through both.

export type QueryKey = readonly unknown[];
type Retry = boolean | number | ((failureCount: number, error: unknown) => boolean);
type Interval = number | false | undefined;

export type QueryOptions<T = unknown> = {
  queryKey: QueryKey;
  queryFn?: (context: { signal: AbortSignal; queryKey: QueryKey }) => T | Promise<T>;
  enabled?: boolean;
  retry?: Retry;
  retryDelay?: number | ((failureCount: number, error: unknown) => number);
  staleTime?: number;
  gcTime?: number;
  refetchInterval?: Interval | ((query: Query<T>) => Interval);
  placeholderData?: T | ((previous: T | undefined) => T | undefined);
  refetchOnWindowFocus?: boolean;
  [option: string]: unknown;
};

type State<T> = {
  data: T | undefined;
  error: Error | null;
  status: 'pending' | 'success' | 'error';
  fetchStatus: 'idle' | 'fetching';
  dataUpdatedAt: number;
  isInvalidated: boolean;
};

const GC_TIME = 5 * 60_000;

function plain(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === '[object Object]';
}

/** A key's hash as react-query makes it: JSON with each plain object's keys sorted. */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_, value) =>
    plain(value)
      ? Object.keys(value)
          .sort()
          .reduce<Record<string, unknown>>((sorted, k) => {
            sorted[k] = value[k];
            return sorted;
          }, {})
      : value,
  );
}

function startsWith(key: QueryKey, prefix: QueryKey | undefined): boolean {
  return !prefix || prefix.every((part, i) => hashKey([part]) === hashKey([key[i]]));
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export class Query<T = unknown> {
  state: State<T> = { data: undefined, error: null, status: 'pending', fetchStatus: 'idle', dataUpdatedAt: 0, isInvalidated: false };
  readonly observers = new Map<() => void, () => boolean>();
  private running: Promise<T> | undefined;
  private gcTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly queryKey: QueryKey,
    readonly queryHash: string,
    public options: QueryOptions<T>,
    private readonly drop: (query: Query<T>) => void,
  ) {}

  setState(patch: Partial<State<T>>): void {
    this.state = { ...this.state, ...patch };
    for (const render of [...this.observers.keys()]) render();
  }

  isStale(staleTime = 0): boolean {
    return this.state.isInvalidated || this.state.dataUpdatedAt === 0 || Date.now() - this.state.dataUpdatedAt >= staleTime;
  }

  /** Fetches it, or joins the fetch under way. */
  fetch(options: QueryOptions<T> = this.options): Promise<T> {
    if (this.running) return this.running;
    this.options = options;
    const run = async (): Promise<T> => {
      const { queryFn, retry = 3, retryDelay } = options;
      if (!queryFn) throw new Error(`no queryFn for ${this.queryHash}`);
      for (let failureCount = 0; ; failureCount++) {
        try {
          return await queryFn({ signal: new AbortController().signal, queryKey: this.queryKey });
        } catch (error) {
          const again = retry === true || (typeof retry === 'number' && failureCount < retry) || (typeof retry === 'function' && retry(failureCount, error));
          if (!again) throw error;
          const delay = typeof retryDelay === 'function' ? retryDelay(failureCount, error) : (retryDelay ?? Math.min(1000 * 2 ** failureCount, 30_000));
          await sleep(delay);
        }
      }
    };
    this.setState({ fetchStatus: 'fetching' });
    const running = run().then(
      (data) => {
        this.running = undefined;
        this.setState({ data, error: null, status: 'success', fetchStatus: 'idle', dataUpdatedAt: Date.now(), isInvalidated: false });
        return data;
      },
      (error: Error) => {
        this.running = undefined;
        this.setState({ error, status: 'error', fetchStatus: 'idle' });
        throw error;
      },
    );
    this.running = running;
    return running;
  }

  isActive(): boolean {
    return [...this.observers.values()].some((enabled) => enabled());
  }

  watch(render: () => void, enabled: () => boolean): () => void {
    clearTimeout(this.gcTimer);
    this.observers.set(render, enabled);
    return () => {
      this.observers.delete(render);
      this.collectLater();
    };
  }

  collectLater(): void {
    const after = this.options.gcTime ?? GC_TIME;
    if (this.observers.size || after === Number.POSITIVE_INFINITY) return;
    clearTimeout(this.gcTimer);
    this.gcTimer = setTimeout(() => !this.observers.size && this.drop(this), after);
  }
}

type Filters = { queryKey?: QueryKey };

export class QueryClient {
  private readonly queries = new Map<string, Query<unknown>>();
  private readonly defaults: Partial<QueryOptions>;

  constructor(config: { defaultOptions?: { queries?: Partial<QueryOptions>; mutations?: unknown } } = {}) {
    this.defaults = config.defaultOptions?.queries ?? {};
  }

  defaultQueryOptions<T>(options: QueryOptions<T>): QueryOptions<T> {
    return { ...(this.defaults as Partial<QueryOptions<T>>), ...options };
  }

  /** The key's query, made if it is new; it takes the options given. */
  build<T>(options: QueryOptions<T>): Query<T> {
    const hash = hashKey(options.queryKey);
    let query = this.queries.get(hash) as unknown as Query<T> | undefined;
    if (!query) {
      const made: Query<T> = new Query<T>(options.queryKey, hash, options, () => this.queries.get(hash) === (made as unknown) && this.queries.delete(hash));
      query = made;
      this.queries.set(hash, made as unknown as Query<unknown>);
    } else if (options.queryFn) {
      query.options = options;
    }
    return query;
  }

  private matching(filters: Filters = {}): Query[] {
    return [...this.queries.values()].filter((q) => startsWith(q.queryKey, filters.queryKey));
  }

  prefetchQuery<T>(options: QueryOptions<T>): Promise<void> {
    const merged = this.defaultQueryOptions(options);
    const query = this.build(merged);
    const done = query.isStale(merged.staleTime) ? query.fetch(merged).then(() => undefined, () => undefined) : Promise.resolve();
    return done.then(() => query.collectLater());
  }

  getQueryData<T>(queryKey: QueryKey): T | undefined {
    return this.queries.get(hashKey(queryKey))?.state.data as T | undefined;
  }

  setQueryData<T>(queryKey: QueryKey, updater: T | ((previous: T | undefined) => T)): T {
    const query = this.build<T>(this.defaultQueryOptions({ queryKey }));
    const data = typeof updater === 'function' ? (updater as (previous: T | undefined) => T)(query.state.data) : updater;
    query.setState({ data, error: null, status: 'success', dataUpdatedAt: Date.now(), isInvalidated: false });
    query.collectLater();
    return data;
  }

  /** Marks the queries stale and fetches again those a component shows. */
  invalidateQueries(filters?: Filters): Promise<void> {
    const fetches = this.matching(filters).map((query) => {
      query.setState({ isInvalidated: true });
      return query.isActive() ? query.fetch().then(() => undefined, () => undefined) : undefined;
    });
    return Promise.all(fetches).then(() => undefined);
  }

  removeQueries(filters?: Filters): void {
    for (const query of this.matching(filters)) this.queries.delete(query.queryHash);
  }
}

const ClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children?: ReactNode }) {
  return createElement(ClientContext.Provider, { value: client }, children);
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('No QueryClient set, use QueryClientProvider to set one');
  return client;
}

export function queryOptions<T extends QueryOptions<never>>(options: T): T {
  return options;
}

export type UseQueryResult<T> = {
  data: T | undefined;
  error: Error | null;
  status: State<T>['status'];
  fetchStatus: State<T>['fetchStatus'];
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  isFetching: boolean;
  isLoading: boolean;
  isPlaceholderData: boolean;
  dataUpdatedAt: number;
  refetch: () => Promise<unknown>;
};

export function useQuery<T>(given: QueryOptions<T>): UseQueryResult<T> {
  const client = useQueryClient();
  const options = client.defaultQueryOptions(given);
  const query = client.build(options);
  const enabled = options.enabled !== false;
  const [, render] = useReducer((n: number) => n + 1, 0);
  const current = useRef({ options, enabled });
  current.current = { options, enabled };
  const lastData = useRef<T | undefined>(undefined);
  const shown = query.state;
  const seen = useRef(shown);
  seen.current = shown;

  useEffect(() => {
    const stop = query.watch(render, () => current.current.enabled);
    if (query.state !== seen.current) render(); // it changed between this render and now
    return stop;
  }, [query]);

  // fetched when the key or `enabled` changes and it is stale, as react-query does
  useEffect(() => {
    if (enabled && query.isStale(current.current.options.staleTime)) query.fetch(current.current.options).catch(() => undefined);
  }, [query, enabled]);

  const interval = options.refetchInterval;
  const every = enabled ? (typeof interval === 'function' ? interval(query) : interval) : undefined;
  useEffect(() => {
    if (typeof every !== 'number' || every <= 0 || !Number.isFinite(every)) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') query.fetch(current.current.options).catch(() => undefined);
    }, every);
    return () => clearInterval(timer);
  }, [query, every]);

  let { data, status } = shown;
  let isPlaceholderData = false;
  if (data === undefined && status === 'pending' && options.placeholderData !== undefined) {
    const placeholder = options.placeholderData;
    data = typeof placeholder === 'function' ? (placeholder as (previous: T | undefined) => T | undefined)(lastData.current) : placeholder;
    if (data !== undefined) {
      isPlaceholderData = true;
      status = 'success';
    }
  }
  if (shown.data !== undefined) lastData.current = shown.data;
  return {
    data,
    error: shown.error,
    status,
    fetchStatus: shown.fetchStatus,
    isPending: status === 'pending',
    isSuccess: status === 'success',
    isError: status === 'error',
    isFetching: shown.fetchStatus === 'fetching',
    isLoading: status === 'pending' && shown.fetchStatus === 'fetching',
    isPlaceholderData,
    dataUpdatedAt: shown.dataUpdatedAt,
    refetch: () => query.fetch(current.current.options).catch(() => undefined),
  };
}
