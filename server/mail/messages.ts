// Every message the site sends: its subject and words, written from the recorded data and the site's links.

import { USUAL_REVIEW_TIME } from "../domain/status.ts";
import { BOOKING_MESSAGES } from "./bookingMessages.ts";
import type { MailContent } from "./content.ts";
import { DESK_MESSAGES } from "./deskMessages.ts";

export const KINDS = [
  "password_reset",
  "email_confirm",
  "email_change_confirm",
  "email_change_notice",
  "email_change_taken",
  "account_exists",
  "two_factor_changed",
  "application_submitted",
  "application_submitted_staff",
  "status_changed",
  "payment_received",
  "payment_refunded",
  "enquiry_received",
  "enquiry_staff",
  "enquiry_reply",
  "transfer_to_confirm",
  "transfer_rejected",
  "staff_invitation",
  "case_assigned",
  "message_to_applicant",
  "message_to_staff",
  "documents_requested",
  "document_sent_back",
  "documents_reminder",
  "request_fulfilled_staff",
  "booking_confirmed",
  "booking_moved",
  "booking_cancelled",
  "booking_reminder",
  "booking_staff",
  "booking_account_invite",
  "late_cases",
] as const;
export type MailKind = (typeof KINDS)[number];

/** What a message is written from: recorded with it, so it can be rendered again. Never a secret. */
export type MailData = Record<string, string | number | null>;

export interface Links {
  /** Absolute URL of a path on the site. */
  url: (path: string) => string;
  /** The one-time link of a reset or confirmation message, made at send time (never recorded). */
  secretUrl?: string;
  /** A booking's reschedule and cancel links, made at send time (never recorded). */
  bookingLinks?: { reschedule: string; cancel: string };
}

const s = (v: MailData[string] | undefined) => (v === null || v === undefined ? "" : String(v));
const money = (v: MailData[string] | undefined) => `$${Number(v ?? 0).toFixed(2)}`;
const dear = (d: MailData) => `Dear ${s(d.name) || "applicant"},`;

interface Definition {
  subject: (d: MailData) => string;
  content: (d: MailData, links: Links) => Omit<MailContent, "subject">;
}

const STATUS_WORDS: Record<string, string> = {
  submitted: "has been received and is waiting for review",
  under_review: "is now under review by our visa officers",
  approved: "has been approved",
  rejected: "has been rejected",
  draft: "has been returned to you for changes: please update it and submit it again",
};

/** The status sentence of a status e-mail (also used for the WhatsApp message). */
export function statusSentence(status: string, reference: string): string {
  return `Your application ${reference} ${STATUS_WORDS[status] ?? `is now ${status.replace(/_/g, " ")}`}.`;
}

const TWO_FACTOR_SUBJECTS: Record<string, string> = {
  on: "Two-factor sign-in was turned on",
  off: "Two-factor sign-in was turned off",
  codes: "New recovery codes were made for your account",
};

export const MESSAGES: Record<MailKind, Definition> = {
  password_reset: {
    subject: () => "Reset your password",
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [{ type: "p", text: "We received a request to reset the password of your account. Choose a new password with the link below." }],
      action: { label: "Choose a new password", url: l.secretUrl ?? l.url("/forgot-password") },
      footnote: "The link works once and for 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.",
    }),
  },
  email_confirm: {
    subject: () => "Confirm your e-mail address",
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [{ type: "p", text: "Welcome! Please confirm that this is your e-mail address, so we can reach you about your applications." }],
      action: { label: "Confirm my e-mail", url: l.secretUrl ?? l.url("/dashboard") },
      footnote: "The link works for 7 days. If you did not create an account, ignore this e-mail.",
    }),
  },
  email_change_confirm: {
    subject: () => "Confirm your new e-mail address",
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        {
          type: "p",
          text: `You asked to use ${s(d.newEmail)} for your account. Confirm it with the link below: until then we keep writing to your current address.`,
        },
      ],
      action: { label: "Use this e-mail address", url: l.secretUrl ?? l.url("/account") },
      footnote: "The link works once and for 24 hours. If you did not ask for this, ignore this e-mail: nothing changes.",
    }),
  },
  email_change_notice: {
    subject: () => "Your account's e-mail address is being changed",
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        {
          type: "p",
          text: `Someone signed in to your account asked to change its e-mail address to ${s(d.newEmail)}. The change happens only when the link we sent to that address is followed (within 24 hours).`,
        },
        {
          type: "p",
          text: "If this was you, there is nothing to do. If it was not, choose a new password now (it also signs everyone else out) and tell us.",
        },
      ],
      action: { label: "Choose a new password", url: l.url("/forgot-password") },
    }),
  },
  email_change_taken: {
    subject: () => "Someone asked to use your e-mail address",
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        {
          type: "p",
          text: "Someone signed in to another account asked to change that account's e-mail address to this one. This address already belongs to your account, so nothing was changed.",
        },
        { type: "p", text: "If it was you, sign in to this account instead. If it was not, there is nothing to do: your account is as it was." },
      ],
      action: { label: "Sign in", url: l.url("/signin") },
    }),
  },
  account_exists: {
    subject: () => "You already have an account with us",
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        {
          type: "p",
          text: "Someone tried to create a new account with this e-mail address. You already have one, so nothing new was created and your account is as it was.",
        },
        { type: "p", text: "If it was you, sign in with your password, or choose a new one if you have forgotten it." },
      ],
      action: { label: "Sign in", url: l.url("/signin") },
      footnote: "If it was not you, ignore this e-mail.",
    }),
  },
  two_factor_changed: {
    subject: (d) => TWO_FACTOR_SUBJECTS[s(d.change)] ?? "Your two-factor sign-in changed",
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: `${TWO_FACTOR_SUBJECTS[s(d.change)] ?? "Your two-factor sign-in changed"}. Every other device was signed out.` },
        {
          type: "p",
          text: "If this was you, there is nothing to do. If it was not, choose a new password now (it also signs everyone else out) and tell us.",
        },
      ],
      action: { label: "Choose a new password", url: l.url("/forgot-password") },
    }),
  },
  application_submitted: {
    subject: (d) => `Application ${s(d.reference)} received`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: "Thank you: we have received your visa application." },
        {
          type: "facts",
          rows: [
            ["Reference", s(d.reference)],
            ["Visa type", s(d.visaType)],
            ["Destination", s(d.destination)],
            ["Application fee", money(d.fee)],
          ],
        },
        {
          type: "p",
          text: `What happens next: a visa officer reviews your application and documents, usually within ${USUAL_REVIEW_TIME}. We will e-mail you when its status changes. Your application is reviewed once the fee is paid.`,
        },
      ],
      action: { label: "Pay the application fee", url: l.url(`/payment/${s(d.applicationId)}`) },
    }),
  },
  application_submitted_staff: {
    subject: (d) => `New application ${s(d.reference)} from ${s(d.applicant)}`,
    content: (d, l) => ({
      blocks: [
        { type: "p", text: "A new visa application was submitted." },
        {
          type: "facts",
          rows: [
            ["Reference", s(d.reference)],
            ["Applicant", s(d.applicant)],
            ["Visa type", s(d.visaType)],
            ["Destination", s(d.destination)],
          ],
        },
      ],
      action: { label: "Review the application", url: l.url(`/admin/application/${s(d.applicationId)}`) },
    }),
  },
  status_changed: {
    subject: (d) => `Application ${s(d.reference)}: ${s(d.statusLabel)}`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: statusSentence(s(d.status), s(d.reference)) },
        ...(d.note ? [{ type: "quote" as const, label: "Note from our visa officer", text: s(d.note) }] : []),
      ],
      action: { label: "See your application", url: l.url(`/application/${s(d.applicationId)}`) },
    }),
  },
  payment_received: {
    subject: (d) => `Payment received for ${s(d.reference)}`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: "Thank you: we have received your payment. This is your receipt." },
        {
          type: "facts",
          rows: [
            ["Application", s(d.reference)],
            ["Amount", s(d.amount)],
            ["Date", s(d.paidOn)],
            ["Payment reference", s(d.paymentReference)],
            ["Receipt code", s(d.receiptCode)],
          ],
        },
        { type: "p", text: `Anyone can check this receipt is genuine at ${l.url(`/receipts/${s(d.receiptCode)}`)}` },
      ],
      action: { label: "Print your receipt", url: l.url(`/application/${s(d.applicationId)}/receipt`) },
    }),
  },
  payment_refunded: {
    subject: (d) => `Refund for ${s(d.reference)}`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: `We have refunded ${s(d.amount)} of your payment for application ${s(d.reference)}.` },
        {
          type: "facts",
          rows: [
            ["Application", s(d.reference)],
            ["Amount refunded", s(d.amount)],
            ["Date", s(d.refundedOn)],
            ["Reason", s(d.reason)],
            ["Receipt code", s(d.receiptCode)],
          ],
        },
        { type: "p", text: "A refund can take a few working days to reach your account. Your receipt now shows the refund." },
      ],
      action: { label: "See your application", url: l.url(`/application/${s(d.applicationId)}`) },
    }),
  },
  // Sent to whatever address was typed into the contact form: only our own words (and a package of ours), never the
  // visitor's name or message, so the form cannot deliver someone else's text to a stranger.
  enquiry_received: {
    subject: () => "We have received your message",
    content: (d) => ({
      greeting: "Hello,",
      blocks: [
        { type: "p", text: "Thank you for contacting us. One of our consultants will get back to you within 24 hours." },
        ...(d.package ? [{ type: "facts" as const, rows: [["Package", s(d.package)]] as [string, string][] }] : []),
      ],
      footnote: "If you did not write to us, someone else typed your address into our contact form: you can ignore this e-mail.",
    }),
  },
  enquiry_staff: {
    subject: (d) => `New enquiry from ${s(d.name)}${d.package ? ` (${s(d.package)})` : ""}`,
    content: (d, l) => ({
      blocks: [
        {
          type: "facts",
          rows: [
            ["Name", s(d.name)],
            ["E-mail", s(d.email)],
            ["Phone", s(d.phone)],
            ...(d.package ? ([["Package", s(d.package)]] as [string, string][]) : []),
          ],
        },
        { type: "quote", label: "Message", text: s(d.message) },
      ],
      action: { label: "Open the enquiry", url: l.url(`/admin/enquiries/${s(d.enquiryId)}`) },
    }),
  },
  enquiry_reply: {
    subject: () => "Re: your enquiry",
    content: (d) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: s(d.body) },
        { type: "quote", label: "Your message", text: s(d.message) },
      ],
    }),
  },
  // Bank transfers (issue #30): the office is asked to check a proof; the applicant hears why a transfer was refused.
  transfer_to_confirm: {
    subject: (d) => `Bank transfer to confirm: ${s(d.reference)}`,
    content: (d, l) => ({
      blocks: [
        { type: "p", text: "An applicant uploaded the proof of a bank transfer. Check that the money arrived, then confirm or reject it." },
        {
          type: "facts",
          rows: [
            ["Application", s(d.reference)],
            ["Applicant", s(d.applicant)],
            ["Amount quoted", s(d.amount)],
            ["Narration code", s(d.paymentCode)],
          ],
        },
      ],
      action: { label: "Check the transfer", url: l.url(`/admin/payments/${s(d.paymentId)}`) },
    }),
  },
  transfer_rejected: {
    subject: (d) => `Your bank transfer for ${s(d.reference)} was not confirmed`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: `We could not confirm your bank transfer of ${s(d.amount)} (narration code ${s(d.paymentCode)}).` },
        { type: "quote", label: "Reason", text: s(d.reason) },
        { type: "p", text: "Your application's fee is still to be paid. You can pay again from the payment page." },
      ],
      action: { label: "Pay the application fee", url: l.url(`/payment/${s(d.applicationId)}`) },
    }),
  },
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
  request_fulfilled_staff: {
    subject: (d) => `Document received: ${s(d.reference)}`,
    content: (d, l) => ({
      blocks: [
        { type: "p", text: "An applicant uploaded a document you asked for. It is waiting for review." },
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
  ...BOOKING_MESSAGES,
  ...DESK_MESSAGES,
};

export function buildContent(kind: MailKind, data: MailData, links: Links): MailContent {
  const def = MESSAGES[kind];
  return { subject: def.subject(data), ...def.content(data, links) };
}
