// Toasts at the bottom right (Radix Toast): useToast().toast({ title, description, variant }).
import * as RadixToast from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import type { Flash } from "../../types.ts";

export type ToastInput = Flash;
interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

const ToastContext = createContext<{ toast: (t: ToastInput) => void }>({ toast: () => {} });

export function useToast() {
  return useContext(ToastContext);
}

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const toast = useCallback((t: ToastInput) => {
    const id = nextId++;
    setItems((list) => [...list.slice(-3), { ...t, id, open: true }]);
  }, []);
  const value = useMemo(() => ({ toast }), [toast]);
  const close = (id: number) => {
    setItems((list) => list.map((t) => (t.id === id ? { ...t, open: false } : t)));
    setTimeout(() => setItems((list) => list.filter((t) => t.id !== id)), 300);
  };
  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider swipeDirection="right" duration={5000}>
        {children}
        {items.map((t) => (
          <RadixToast.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => !open && close(t.id)}
            type={t.variant === "destructive" ? "foreground" : "background"}
            data-variant={t.variant ?? "default"}
            className={`toast pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg ${
              t.variant === "destructive" ? "border-red-700 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900"
            }`}
          >
            <div className="grid gap-1">
              <RadixToast.Title className="text-sm font-semibold">{t.title}</RadixToast.Title>
              {t.description ? <RadixToast.Description className="text-sm opacity-90">{t.description}</RadixToast.Description> : null}
            </div>
            <RadixToast.Close aria-label="Close" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100 focus:opacity-100">
              <X aria-hidden="true" className="h-4 w-4" />
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport className="pointer-events-none fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}
