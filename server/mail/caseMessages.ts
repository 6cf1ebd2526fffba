// The messages of the staff's desk and a case's document loop: invitations, assignment, the conversation's notices,
// document requests, send-backs, reminders and received files.
import { type Definition, dear, s } from "./template.ts";

export const CASE_MESSAGES = {
  staff_invitation: {
    subject: (d) => `You are invited to the ${s(d.site)} admin panel`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: `${s(d.invitedBy)} invited you to work in the admin panel as a ${s(d.role)}.` },
        { type: "p", text: "Choose your password with the link below, then turn on two-factor sign-in with an authenticator app on your phone." },
      ],
      action: { label: "Accept the invitation", url: l.secretUrl ?? l.url("/signin") },
      footnote: "The link works once and for 24 hours. If you did not expect it, ignore this e-mail.",
    }),
  },
  case_assigned: {
    subject: (d) => `Application ${s(d.reference)} is now yours`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: `${s(d.assignedBy)} gave you application ${s(d.reference)} (${s(d.applicant)}).` },
        {
          type: "facts",
          rows: [
            ["Reference", s(d.reference)],
            ["Applicant", s(d.applicant)],
            ["Status", s(d.statusLabel)],
          ],
        },
      ],
      action: { label: "Open the case", url: l.url(`/admin/application/${s(d.applicationId)}`) },
    }),
  },
  // A message in an application's conversation: a link to it, never its words (an inbox is not the portal).
  message_to_applicant: {
    subject: (d) => `New message about your application ${s(d.reference)}`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: `Our team has written to you about your application ${s(d.reference)}.` },
        { type: "p", text: "To keep your details private, the message is not in this e-mail: read it and reply after signing in." },
      ],
      action: { label: "Read the message", url: l.url(`/application/${s(d.applicationId)}#messages`) },
    }),
  },
  message_to_staff: {
    subject: (d) => `New message from ${s(d.applicant)} about ${s(d.reference)}`,
    content: (d, l) => ({
      blocks: [{ type: "p", text: `The applicant wrote a message about application ${s(d.reference)}. Read and answer it on the review page.` }],
      action: { label: "Read the message", url: l.url(`/admin/application/${s(d.applicationId)}#messages`) },
    }),
  },
  documents_requested: {
    subject: (d) => `Documents requested for ${s(d.reference)}`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        {
          type: "p",
          text: `Our visa officer asks you for ${s(d.count)} document${d.count === 1 ? "" : "s"} for your application ${s(d.reference)}, due ${s(d.due)}:`,
        },
        { type: "p", text: s(d.items) },
        ...(d.note ? [{ type: "quote" as const, label: "Note from our visa officer", text: s(d.note) }] : []),
        { type: "p", text: "Upload them from your application's page: each request has its own upload button." },
      ],
      action: { label: "Upload the documents", url: l.url(`/application/${s(d.applicationId)}`) },
    }),
  },
  document_sent_back: {
    subject: (d) => `A document was sent back: ${s(d.reference)}`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: `Our visa officer could not accept your ${s(d.label)} (${s(d.fileName)}) for application ${s(d.reference)}.` },
        { type: "quote", label: "Reason", text: s(d.reason) },
        { type: "p", text: `Please upload a new file by ${s(d.due)}.` },
      ],
      action: { label: "Upload a new file", url: l.url(`/application/${s(d.applicationId)}`) },
    }),
  },
  documents_reminder: {
    subject: (d) => `Reminder: documents due ${s(d.due)} for ${s(d.reference)}`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: `A reminder: these documents for your application ${s(d.reference)} are due on ${s(d.due)}:` },
        { type: "p", text: s(d.items) },
      ],
      action: { label: "Upload the documents", url: l.url(`/application/${s(d.applicationId)}`) },
    }),
  },
  instalment_due: {
    subject: (d) => (d.lead === "due" ? `Payment due today for ${s(d.reference)}` : `Payment due on ${s(d.due)} for ${s(d.reference)}`),
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        {
          type: "p",
          text: `Instalment ${s(d.position)} of ${s(d.count)} of the bill for your application ${s(d.reference)} is due ${d.lead === "due" ? "today" : `on ${s(d.due)}`}.`,
        },
        {
          type: "facts",
          rows: [
            ["Amount due", s(d.amount)],
            ["Due on", s(d.due)],
            ["Application", s(d.reference)],
          ],
        },
        {
          type: "p",
          text: "You can pay it by card, bank transfer or USSD on the payment page. If you have just paid, thank you: there is nothing more to do.",
        },
      ],
      action: { label: "Pay now", url: l.url(`/payment/${s(d.applicationId)}`) },
    }),
  },
  request_fulfilled_staff: {
    subject: (d) => `Document received: ${s(d.reference)}`,
    content: (d, l) => ({
      blocks: [
        {
          type: "p",
          text: d.unasked
            ? "An applicant sent a document their application was submitted without. It is waiting for review."
            : "An applicant uploaded a document you asked for. It is waiting for review.",
        },
        {
          type: "facts",
          rows: [
            ["Application", s(d.reference)],
            ["Applicant", s(d.applicant)],
            ["Document", s(d.label)],
          ],
        },
      ],
      action: { label: "Review the document", url: l.url(`/admin/application/${s(d.applicationId)}`) },
    }),
  },
} satisfies Record<string, Definition>;
