import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Loads data for a screen: `data` is null while loading, `error` holds the message of a failure,
 * `reload` runs it again. A newer load wins over an older one still in flight.
 */
export function useQuery<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: deps are the caller's inputs; tick forces a reload
  useEffect(() => {
    const ctrl = new AbortController();
    setData(null);
    setError(null);
    loadRef.current(ctrl.signal).then(
      (d) => {
        if (!ctrl.signal.aborted) setData(d);
      },
      (err: Error) => {
        if (!ctrl.signal.aborted && err.name !== 'AbortError') setError(err.message);
      },
    );
    return () => ctrl.abort();
  }, [...deps, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, reload, setData };
}
