// WhatsApp click-to-chat on every public page. From the sm breakpoint it floats at the bottom right; on a phone a
// floating button would sit over whatever scrolls under it (service cards, testimonials, /book's times), so there it
// is a round button in the sticky header instead (`inHeader`), always in reach and covering nothing.

import { whatsappLabel } from "../../content/layout.ts";
import { useShared } from "../../shared.tsx";
import { MessageCircle } from "../ui/icons.ts";
import { whatsappHref } from "./siteFacts.ts";

const shape =
  "items-center justify-center rounded-full bg-green-700 text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800";

export function WhatsAppButton({ inHeader = false }: { inHeader?: boolean }) {
  const { site } = useShared();
  if (!site.whatsapp) return null;
  return (
    <a
      href={whatsappHref(site.whatsapp)}
      target="_blank"
      rel="noopener noreferrer"
      className={
        inHeader
          ? `flex h-11 w-11 shrink-0 sm:hidden ${shape}`
          : `whatsapp-button no-print fixed right-6 bottom-10 z-30 hidden h-14 w-14 shadow-lg ring-4 ring-white/70 transition-transform hover:scale-105 sm:flex ${shape}`
      }
    >
      <MessageCircle aria-hidden="true" className={inHeader ? "h-6 w-6" : "h-7 w-7"} />
      <span className="sr-only">{whatsappLabel}</span>
    </a>
  );
}
