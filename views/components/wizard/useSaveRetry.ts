// A wizard save that failed stays failed until one succeeds: "Not saved" is shown with a Retry button, and a failure
// of the connection (offline, timed out, the server unreachable or busy) is retried by itself as soon as the browser
// is back online and after growing pauses. Every attempt sends the answers as they are then (the latest win).
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

  const attempt = useCallback(async (automatic = false): Promise<R | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    try {
      const result = await latest.current(automatic);
      setFailure((f) => (result.saved ? null : { count: (f?.count ?? 0) + 1, automatic: result.retry }));
      return result;
    } finally {
      inFlight.current = false;
    }
  }, []);

  useEffect(() => {
    if (!failure?.automatic) return;
    const again = () => void attempt(true);
    const timer = window.setTimeout(again, retryDelay(failure.count - 1));
    window.addEventListener("online", again);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("online", again);
    };
  }, [failure, attempt]);

  return { failed: failure !== null, attempt };
}
