// The e-mails sent about one application, and a WhatsApp link to its applicant, on the staff's case page. Only draws
// its props, in the last card of the page: the page loads it after it is usable (its server HTML stands until then),
// which keeps the page within its script budget.
import type { MessageEntry } from "../../pages/admin/types.ts";
import { MessageList } from "./MessageList.tsx";
import { WhatsAppLink } from "./WhatsAppLink.tsx";

export default function ReviewMessages({ messages, whatsapp }: { messages: MessageEntry[]; whatsapp: string | null }) {
  return (
    <section aria-labelledby="messages-heading">
      <h2 id="messages-heading" className="mb-2 text-lg font-semibold text-slate-900">
        Messages sent
      </h2>
      <WhatsAppLink href={whatsapp} label="Message on WhatsApp" className="mb-3" />
      <MessageList messages={messages} empty="No e-mails about this application yet." />
    </section>
  );
}
