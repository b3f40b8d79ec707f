import { useEffect, useState, useRef } from 'react';

export type Availability<M = string | null> =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; available: boolean; message: M };

/** Debounced live check of a value (check_email, check_username); skipped while `enabled` is false. */
export function useAvailability<M>(
  value: string,
  enabled: boolean,
  check: (value: string, signal: AbortSignal) => Promise<{ available: boolean; message?: M }>,
  delayMs = 400,
): Availability<M | null> {
  const [result, setResult] = useState<Availability<M | null>>({ state: 'idle' });
  // the latest `check` (callers pass a new function each render): read when the timer fires, never a reason
  // to check again
  const latestCheck = useRef(check);
  latestCheck.current = check;
  useEffect(() => {
    if (!enabled) {
      setResult({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setResult({ state: 'checking' });
    const timer = setTimeout(() => {
      latestCheck.current(value, controller.signal).then(
        (answer) => setResult({ state: 'done', available: answer.available, message: answer.message ?? null }),
        () => {
          if (!controller.signal.aborted) setResult({ state: 'idle' });
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, enabled, delayMs]);
  return result;
}
