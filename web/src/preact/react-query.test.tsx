// @vitest-environment jsdom
import * as real from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as ours from './react-query';

// The shop's small react-query against the real one: the same answers on screen for the same queries.
type Lib = typeof ours;
type Options = ours.QueryOptions<unknown>;
const LIBS: [string, Lib][] = [
  ['react-query', real as unknown as Lib],
  ['the shop’s', ours],
];

function client(lib: Lib) {
  return new lib.QueryClient({ defaultOptions: { queries: { staleTime: 10_000, refetchOnWindowFocus: false, retry: false } } });
}

/** What a component showing the query sees, as text. */
function shown(r: ours.UseQueryResult<unknown>, withFetching = false) {
  const what = r.isPending ? 'pending' : r.isError ? `error:${r.error?.message}` : 'ok';
  return `${what} data:${String(r.data)}${r.isPlaceholderData ? ' (placeholder)' : ''}${withFetching ? ` fetching:${r.isFetching}` : ''}`;
}

const handles: { refetch?: () => unknown; pick?: (code: string) => void } = {};

/** One query on screen, as `id`. */
function Show({ lib, id = 'q', options, withFetching = false }: { lib: Lib; id?: string; options: Options; withFetching?: boolean }) {
  const q = lib.useQuery(options);
  handles.refetch = q.refetch;
  return <p data-testid={id}>{shown(q, withFetching)}</p>;
}

/** A price query whose key follows a code the test picks, the previous price standing in meanwhile. */
function Price({ lib, fn }: { lib: Lib; fn: Options['queryFn'] }) {
  const [code, setCode] = useState('A');
  handles.pick = setCode;
  return <Show lib={lib} withFetching options={{ queryKey: ['price', code], queryFn: fn, placeholderData: (previous: unknown) => previous }} />;
}

function withClient(qc: ours.QueryClient, lib: Lib, children: React.ReactNode) {
  return <lib.QueryClientProvider client={qc}>{children}</lib.QueryClientProvider>;
}

afterEach(() => cleanup());

describe.each(LIBS)('%s queries', (_, lib) => {
  it('fetch once for every component showing the key, and show its data', async () => {
    const fn = vi.fn(async () => 'words');
    const options = { queryKey: ['a', { x: 1, y: 2 }], queryFn: fn };
    render(withClient(client(lib), lib, [<Show key="1" lib={lib} id="one" options={options} />, <Show key="2" lib={lib} id="two" options={options} />]));
    expect(screen.getByTestId('one').textContent).toBe('pending data:undefined');
    await waitFor(() => expect(screen.getByTestId('two').textContent).toBe('ok data:words'));
    expect(screen.getByTestId('one').textContent).toBe('ok data:words');
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('retry as `retry` says, with its count, then show the error', async () => {
    const counts: number[] = [];
    const fn = vi.fn(async () => {
      throw new Error('down');
    });
    const retry = (n: number) => {
      counts.push(n);
      return n < 1;
    };
    render(withClient(client(lib), lib, <Show lib={lib} options={{ queryKey: ['b'], queryFn: fn, retry, retryDelay: 10 }} />));
    await waitFor(() => expect(screen.getByTestId('q').textContent).toBe('error:down data:undefined'));
    expect(fn).toHaveBeenCalledTimes(2);
    expect(counts).toEqual([0, 1]);
  });

  it('keep the data of a failed refetch, and fetch nothing while disabled', async () => {
    let fail = false;
    const fn = vi.fn(async () => {
      if (fail) throw new Error('gone');
      return 7;
    });
    const other = vi.fn(async () => 1);
    render(
      withClient(client(lib), lib, [
        <Show key="off" lib={lib} id="off" withFetching options={{ queryKey: ['off'], queryFn: other, enabled: false }} />,
        <Show key="q" lib={lib} options={{ queryKey: ['c'], queryFn: fn }} />,
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('q').textContent).toBe('ok data:7'));
    fail = true;
    await act(async () => void (await handles.refetch?.()));
    await waitFor(() => expect(screen.getByTestId('q').textContent).toBe('error:gone data:7'));
    expect(screen.getByTestId('off').textContent).toBe('pending data:undefined fetching:false');
    expect(other).not.toHaveBeenCalled();
  });

  it('show the previous key’s data as a placeholder while the next one loads', async () => {
    const answers: Record<string, (v: string) => void> = {};
    const fn = ({ queryKey }: { queryKey: readonly unknown[] }) =>
      new Promise<string>((done) => {
        answers[String(queryKey[1])] = done;
      });
    render(withClient(client(lib), lib, <Price lib={lib} fn={fn} />));
    await waitFor(() => expect(answers.A).toBeDefined());
    await act(async () => answers.A?.('10 €'));
    await waitFor(() => expect(screen.getByTestId('q').textContent).toBe('ok data:10 € fetching:false'));
    act(() => handles.pick?.('B'));
    await waitFor(() => expect(screen.getByTestId('q').textContent).toBe('ok data:10 € (placeholder) fetching:true'));
    await act(async () => answers.B?.('8 €'));
    await waitFor(() => expect(screen.getByTestId('q').textContent).toBe('ok data:8 € fetching:false'));
  });

  it('use a prefetched answer while fresh, refetch what is invalidated, and show data set by hand', async () => {
    const qc = client(lib);
    let n = 0;
    const fn = vi.fn(async () => ++n);
    await qc.prefetchQuery({ queryKey: ['order', 'x'], queryFn: fn });
    render(withClient(qc, lib, <Show lib={lib} options={{ queryKey: ['order', 'x'], queryFn: fn }} />));
    expect(screen.getByTestId('q').textContent).toBe('ok data:1');
    await act(async () => void (await qc.invalidateQueries({ queryKey: ['order'] })));
    await waitFor(() => expect(screen.getByTestId('q').textContent).toBe('ok data:2'));
    act(() => void qc.setQueryData(['order', 'x'], 40));
    await waitFor(() => expect(screen.getByTestId('q').textContent).toBe('ok data:40'));
    expect(qc.getQueryData(['order', 'x'])).toBe(40);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('poll every `refetchInterval` while it says a number, and stop when it says false', async () => {
    let n = 0;
    const fn = vi.fn(async () => ++n);
    const refetchInterval = (q: { state: { data?: unknown } }) => ((q.state.data as number | undefined) ?? 0) < 3 && 20;
    render(withClient(client(lib), lib, <Show lib={lib} options={{ queryKey: ['poll'], queryFn: fn, refetchInterval } as Options} />));
    await waitFor(() => expect(screen.getByTestId('q').textContent).toBe('ok data:3'));
    await new Promise((done) => setTimeout(done, 120));
    expect(screen.getByTestId('q').textContent).toBe('ok data:3');
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('fetch again after the query was removed', async () => {
    const qc = client(lib);
    let n = 0;
    const fn = vi.fn(async () => ++n);
    const options = { queryKey: ['me'], queryFn: fn };
    const { rerender } = render(withClient(qc, lib, <Show key="first" lib={lib} id="first" options={options} />));
    await waitFor(() => expect(screen.getByTestId('first').textContent).toBe('ok data:1'));
    qc.removeQueries({ queryKey: ['me'] });
    expect(qc.getQueryData(['me'])).toBeUndefined();
    rerender(withClient(qc, lib, <Show key="second" lib={lib} id="second" options={options} />));
    await waitFor(() => expect(screen.getByTestId('second').textContent).toBe('ok data:2'));
  });
});

describe("the shop's query keys", () => {
  it('hash as react-query hashes them', () => {
    for (const key of [['a'], ['a', { b: 1, a: [2, { d: 1, c: null }] }], ['ticket', 'u', 'c', 'upgrades'], [1, true, null]]) {
      expect(ours.hashKey(key)).toBe(real.hashKey(key));
    }
  });
});
