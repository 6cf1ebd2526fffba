// Toasts at the bottom right, across the bottom on a phone (Radix Toast): useToast().toast({ title, description, variant }).
// The list lives here; its rendering (toast-stack.tsx, with Radix) is fetched on the first toast and stays mounted.
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from "react";
import type { Flash } from "../../types.ts";
import type { ToastItem } from "./toast-stack.tsx";

export type ToastInput = Flash;

/** `toast` answers the toast's id, which `dismiss` closes (a form clears its own error toast once it succeeds). */
const ToastContext = createContext<{ toast: (t: ToastInput) => number; dismiss: (id: number) => void }>({ toast: () => 0, dismiss: () => {} });
const ToastStack = lazy(() => import("./toast-stack.tsx"));

export function useToast() {
  return useContext(ToastContext);
}

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const [used, setUsed] = useState(false);
  const toast = useCallback((t: ToastInput) => {
    const id = nextId++;
    setUsed(true);
    setItems((list) => [...list.slice(-3), { ...t, id, open: true }]);
    return id;
  }, []);
  const close = useCallback((id: number) => {
    setItems((list) => list.map((t) => (t.id === id ? { ...t, open: false } : t)));
    setTimeout(() => setItems((list) => list.filter((t) => t.id !== id)), 300);
  }, []);
  const value = useMemo(() => ({ toast, dismiss: close }), [toast, close]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <ToastStack items={items} onClose={close} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
