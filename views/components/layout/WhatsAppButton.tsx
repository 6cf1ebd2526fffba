// Floating WhatsApp click-to-chat button on every public page.

import { whatsappLabel } from "../../content/layout.ts";
import { useShared } from "../../shared.tsx";
import { MessageCircle } from "../ui/icons.ts";
import { whatsappHref } from "./siteFacts.ts";

export function WhatsAppButton() {
  const { site } = useShared();
  if (!site.whatsapp) return null;
  return (
    <a
      href={whatsappHref(site.whatsapp)}
      target="_blank"
      rel="noopener noreferrer"
      className="whatsapp-button no-print fixed right-4 bottom-10 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-green-700 text-white shadow-lg ring-4 ring-white/70 transition-transform hover:scale-105 hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 sm:right-6"
    >
      <MessageCircle aria-hidden="true" className="h-7 w-7" />
      <span className="sr-only">{whatsappLabel}</span>
    </a>
  );
}
