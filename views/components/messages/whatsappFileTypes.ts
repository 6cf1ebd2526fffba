// A photo or a document a client sent on WhatsApp, as staff see it beside the message (the case's conversation, the
// WhatsApp inbox): what it is, where to open it, why it was refused, and where it can be filed.

export interface WhatsAppFileView {
  id: string;
  /** "Photo" or "Document", as WhatsApp sent it. */
  kindLabel: string;
  state: "waiting" | "stored" | "refused" | "failed";
  /** Once stored: its name, type ("JPEG image"), size ("245 KB") and the staff-only link that opens it. */
  name: string | null;
  typeLabel: string | null;
  sizeText: string | null;
  href: string | null;
  /** Waiting: that it is being fetched; refused or failed: why, in the upload's words. */
  note: string | null;
  /** Filed already: against which requested document. */
  filed: string | null;
  /** The plain form "File against a requested document" (the case's open requests), when it can be filed. */
  fileForm: { action: string; requests: { id: string; label: string }[] } | null;
  /** Why the filing just sent was refused (the page shown again at the refusal's status). */
  refused?: string;
}
