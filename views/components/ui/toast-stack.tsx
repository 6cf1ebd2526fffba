// The Radix Toast rendering of the toast list. Loaded on the first toast only (see toast.tsx), so a page that never
// shows one does not download Radix Toast.
import * as RadixToast from "@radix-ui/react-toast";
import { useEffect, useRef } from "react";
import type { Flash } from "../../types.ts";
import { X } from "./icons.ts";

export interface ToastItem extends Flash {
  id: number;
  open: boolean;
}

/**
 * Keeps the height of the shown toasts in `--toast-room` on the page's root, which a phone's layout adds below the page
 * (client/styles.css): the last controls of a page can then scroll up clear of a toast instead of staying under it.
 */
function useToastRoom() {
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const root = document.documentElement.style;
    const measure = () => root.setProperty("--toast-room", list.childElementCount ? `${Math.ceil(list.getBoundingClientRect().height)}px` : "0px");
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    const children = new MutationObserver(measure);
    children.observe(list, { childList: true });
    return () => {
      observer.disconnect();
      children.disconnect();
      root.removeProperty("--toast-room");
    };
  }, []);
  return ref;
}

export default function ToastStack({ items, onClose }: { items: ToastItem[]; onClose: (id: number) => void }) {
  const room = useToastRoom();
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
      {/* Bottom right (SPEC §9); on a phone across the bottom of the screen, where it covers none of the header's
          controls (Sign Out, the e-mail banner's Resend) and no floating button (the WhatsApp button is in the header
          there). Radix keeps the list a live region and each toast closable (the × button, a swipe, Escape). */}
      <RadixToast.Viewport
        ref={room}
        className="pointer-events-none fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
      />
    </RadixToast.Provider>
  );
}
