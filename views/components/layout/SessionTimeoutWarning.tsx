// Warns a minute before the idle session timeout, with a way to stay signed in.
import { useCallback, useEffect, useRef, useState } from "react";
import { useApi, useShared } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";

const WARN_BEFORE_MS = 60_000;

export function SessionTimeoutWarning() {
  const { sessionIdleMs, user } = useShared();
  const api = useApi();
  const [open, setOpen] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const arm = useCallback(() => {
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
    setOpen(false);
    if (!sessionIdleMs || !user) return;
    timers.current.push(setTimeout(() => setOpen(true), Math.max(0, sessionIdleMs - WARN_BEFORE_MS)));
    timers.current.push(setTimeout(() => window.location.assign("/auth"), sessionIdleMs + 1000));
  }, [sessionIdleMs, user]);

  useEffect(() => {
    arm();
    window.addEventListener("session-activity", arm);
    return () => {
      window.removeEventListener("session-activity", arm);
      for (const t of timers.current) clearTimeout(t);
    };
  }, [arm]);

  if (!open) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="false"
      aria-labelledby="idle-title"
      className="fixed inset-x-4 bottom-24 z-50 mx-auto max-w-md rounded-xl border border-amber-300 bg-amber-50 p-5 shadow-xl"
    >
      <h2 id="idle-title" className="font-semibold text-slate-900">
        You will be signed out in a minute
      </h2>
      <p className="mt-1 text-sm text-slate-800">For your security we sign you out after a period of inactivity.</p>
      <div className="mt-4 flex gap-3">
        <Button onClick={() => void api("GET", "/api/session").catch(() => window.location.assign("/auth"))}>Stay signed in</Button>
      </div>
    </div>
  );
}
