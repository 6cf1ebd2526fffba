// Keeps the session alive while the person types, chooses or uploads, and warns a minute before the idle timeout.
import { useCallback, useEffect, useRef, useState } from "react";
import { useApi, useShared } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { forgetAllKeptInput } from "../wizard/keptInput.ts";

const WARN_BEFORE_MS = 60_000;
/** Typing, choosing and uploading count as activity; they refresh the session at most this often. */
const KEEP_ALIVE_EVERY_MS = 60_000;
const ACTIVITY_EVENTS = ["input", "change", "keydown", "pointerdown"] as const;

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
    timers.current.push(
      setTimeout(() => {
        forgetAllKeptInput();
        window.location.assign("/auth");
      }, sessionIdleMs + 1000),
    );
  }, [sessionIdleMs, user]);

  // Only API calls reach the server: without this, someone typing for half an hour would be signed out mid-sentence.
  const lastKeepAlive = useRef(0);
  useEffect(() => {
    if (!user) return;
    lastKeepAlive.current = Date.now();
    const onActivity = () => {
      if (Date.now() - lastKeepAlive.current < KEEP_ALIVE_EVERY_MS) return;
      lastKeepAlive.current = Date.now();
      void api("GET", "/api/session").catch(() => undefined);
    };
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, onActivity, { capture: true });
    };
  }, [api, user]);

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
