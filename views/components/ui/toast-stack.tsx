// The Radix Toast rendering of the toast list. Loaded on the first toast only (see toast.tsx), so a page that never
// shows one does not download Radix Toast.
import * as RadixToast from "@radix-ui/react-toast";
import { type CSSProperties, useEffect, useState } from "react";
import type { Flash } from "../../types.ts";
import { X } from "./icons.ts";

export interface ToastItem extends Flash {
  id: number;
  open: boolean;
}

/** Where the page's header ends on screen (0 once scrolled out of view), kept up to date as the page scrolls. */
function useBelowHeader(): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    const header = document.querySelector("header");
    if (!header) return;
    const place = () => setTop(Math.max(0, Math.ceil(header.getBoundingClientRect().bottom)));
    place();
    window.addEventListener("scroll", place, { passive: true });
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place);
      window.removeEventListener("resize", place);
    };
  }, []);
  return top;
}

export default function ToastStack({ items, onClose }: { items: ToastItem[]; onClose: (id: number) => void }) {
  const belowHeader = { "--below-header": `${useBelowHeader()}px` } as CSSProperties;
  return (
    <RadixToast.Provider swipeDirection="right" duration={5000}>
      {items.map((t) => (
        <RadixToast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && onClose(t.id)}
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
      {/* Bottom right (SPEC §9) from the sm breakpoint; on a phone at the top, clear of the form's buttons (a failed
          save's Retry) at the bottom, and just under the site's header while it is on screen, so its links stay visible. */}
      <RadixToast.Viewport
        style={belowHeader}
        className="pointer-events-none fixed top-[var(--below-header)] right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0"
      />
    </RadixToast.Provider>
  );
}
