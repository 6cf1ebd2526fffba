// The wizard's unsaved answers, kept in this tab (sessionStorage, never files) so a session that ends loses nothing.
import { useCallback, useEffect, useState } from "react";
import type { WizardValues } from "./form.ts";

export interface KeptInput {
  step: number;
  values: WizardValues;
}

const PREFIX = "hg.wizard.";

/** One key per user and application: another account signing in on this tab is never offered someone else's input. */
const keyOf = (userId: string, applicationId: string | null) => `${PREFIX}${userId}.${applicationId ?? "new"}`;

/**
 * Forgets every kept answer in this tab: at sign-out, idle sign-out and account deletion, so the next person at a shared
 * computer never sees them (the server's `Clear-Site-Data: "storage"` does the same where the browser honours it).
 */
export function forgetAllKeptInput(): void {
  try {
    const keys = Array.from({ length: window.sessionStorage.length }, (_, i) => window.sessionStorage.key(i) ?? "");
    for (const key of keys) if (key.startsWith(PREFIX)) window.sessionStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

function read(key: string): KeptInput | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as KeptInput) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps `input` while it is unsaved (`dirty`), and offers back what an earlier visit kept: until the person restores or
 * discards it, nothing newer overwrites it.
 */
export function useKeptInput(userId: string | undefined, applicationId: string | null, input: KeptInput, dirty: boolean) {
  const key = userId ? keyOf(userId, applicationId) : null;
  const [offer, setOffer] = useState<KeptInput | null>(null);
  const [asked, setAsked] = useState(false);

  useEffect(() => {
    if (!key) return;
    setOffer(read(key));
    setAsked(true);
  }, [key]);

  useEffect(() => {
    if (!key || !asked || offer || !dirty) return;
    try {
      window.sessionStorage.setItem(key, JSON.stringify(input));
    } catch {
      // Storage full or disabled: the input is simply not kept.
    }
  }, [key, asked, offer, dirty, input]);

  /** The answers are saved on the server: nothing to keep for this application any more. */
  const forget = useCallback(
    (id: string | null = applicationId) => {
      if (userId) window.sessionStorage.removeItem(keyOf(userId, id));
    },
    [userId, applicationId],
  );

  const dismiss = useCallback(() => {
    if (key) window.sessionStorage.removeItem(key);
    setOffer(null);
  }, [key]);

  return { offer, forget, dismiss };
}
