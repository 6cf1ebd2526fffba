// Staff's "… on WhatsApp" link: opens a chat with the person, the message already written (nothing when unreachable).
import { MessageCircle } from "../ui/icons.ts";

export interface WhatsAppLinkProps {
  /** The wa.me link with its words; null when the person's phone cannot be reached (or there is nothing to say). */
  href: string | null;
  label: string;
  /** Spacing where the page places it. */
  className?: string;
}

export function WhatsAppLink({ href, label, className = "" }: WhatsAppLinkProps) {
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`${className} inline-flex items-center gap-2 rounded-md border border-green-700 px-4 py-2 text-sm font-semibold text-green-800 hover:bg-green-50`.trim()}
    >
      <MessageCircle aria-hidden="true" className="h-4 w-4" />
      {label}
    </a>
  );
}
