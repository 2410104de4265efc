import { useCallback, useEffect, useRef, useState } from "preact/hooks";

/** A value being loaded: the last good value, the last error, and whether a load runs. */
export interface Loaded<T> {
  value: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/**
 * Runs `load` now and whenever `deps` change or `reload` is called; answers of
 * superseded loads are dropped, so a slow old answer never overwrites a new one.
 */
export function useLoader<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ value: T | undefined; error: unknown; loading: boolean }>({ value: undefined, error: undefined, loading: true });
  const generation = useRef(0);
  const run = useCallback(() => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (value) => mine === generation.current && setState({ value, error: undefined, loading: false }),
      (error: unknown) => mine === generation.current && setState((s) => ({ value: s.value, error, loading: false })),
    );
  }, deps);
  useEffect(run, [run]);
  return { ...state, reload: run };
}
