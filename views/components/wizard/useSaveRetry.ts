// A wizard save that failed stays failed until one succeeds: "Not saved" is shown with a Retry button, and a failure
// of the connection (offline, timed out, the server unreachable or busy) is retried by itself as soon as the browser
// is back online and after growing pauses (not spent while the browser knows it is offline). Every attempt sends the
// answers as they are then (the latest win).
import { useCallback, useEffect, useRef, useState } from "react";
import { isApiFailure } from "../../shared.tsx";

/** Pauses between automatic attempts: 2 s, 4 s, 8 s … up to a minute. */
const retryDelay = (attempt: number) => Math.min(60_000, 2_000 * 2 ** attempt);

/** Failures another attempt can cure: no answer at all (0), a timeout, too many requests, a server error. */
export const worthRetrying = (err: unknown) =>
  isApiFailure(err) && (err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500);

/**
 * `save` sends the current answers and says whether they were saved and whether another attempt may cure a failure;
 * `failed` is whether the last attempt failed. `attempt` saves now (a click, or the automatic retries) and gives the
 * save's result, or null when a save was already on its way.
 */
export function useSaveRetry<R extends { saved: boolean; retry: boolean }>(save: (automatic: boolean) => Promise<R>) {
  const latest = useRef(save);
  latest.current = save;
  const inFlight = useRef(false);
  const [failure, setFailure] = useState<{ count: number; automatic: boolean } | null>(null);

  /** The browser came back online, or a pause ended, while a save was on its way: if that save fails, try again at once. */
  const againAfter = useRef(false);

  const attempt = useCallback(async function run(automatic = false): Promise<R | null> {
    if (inFlight.current) {
      if (automatic) againAfter.current = true;
      return null;
    }
    inFlight.current = true;
    againAfter.current = false;
    let result: R | undefined;
    try {
      result = await latest.current(automatic);
      const saved = result.saved;
      const retry = result.retry;
      setFailure((f) => (saved ? null : { count: (f?.count ?? 0) + 1, automatic: retry }));
      return result;
    } finally {
      inFlight.current = false;
      if (againAfter.current && (result === undefined || (!result.saved && result.retry))) {
        againAfter.current = false;
        void run(true);
      }
    }
  }, []);

  useEffect(() => {
    if (!failure?.automatic) return;
    const again = () => void attempt(true);
    // While the browser knows it is offline a pause that ends only looks again: an attempt could only fail and make
    // the next pause longer, so coming back online would wait for it instead of saving at once.
    const due = () => {
      if (navigator.onLine === false) timer = window.setTimeout(due, retryDelay(0));
      else again();
    };
    let timer = window.setTimeout(due, retryDelay(failure.count - 1));
    window.addEventListener("online", again);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("online", again);
    };
  }, [failure, attempt]);

  return { failed: failure !== null, attempt };
}
