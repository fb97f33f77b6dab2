// Loading and submitting against the API with the states a screen shows: loading, the data, the error.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api.ts';

export interface Loaded<T> {
  data: T | null;
  error: ApiError | null;
  loading: boolean;
  reload(): void;
}

/** Runs `load` now and whenever `deps` change; the last answer wins. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: ApiError | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const run = ++latest.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (data) => run === latest.current && setState({ data, error: null, loading: false }),
      (error) => run === latest.current && setState({ data: null, error: asApiError(error), loading: false }),
    );
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, 'console_error', error instanceof Error ? error.message : String(error));
}

export interface Submit<A extends unknown[]> {
  busy: boolean;
  error: ApiError | null;
  done: string | null;
  run(...args: A): Promise<void>;
  reset(): void;
}

/** A form's submission: `action` returns the success message to show (or throws the API's error). */
export function useSubmit<A extends unknown[]>(action: (...args: A) => Promise<string | null>): Submit<A> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = async (...args: A) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setDone(await action(...args));
    } catch (e) {
      setError(asApiError(e));
    } finally {
      setBusy(false);
    }
  };
  const reset = () => {
    setError(null);
    setDone(null);
  };
  return { busy, error, done, run, reset };
}
