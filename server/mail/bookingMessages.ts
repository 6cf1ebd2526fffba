// The e-mails of a consultation booking: to the visitor (with their reschedule and cancel links) and to the staff
// member; each carries the calendar invite (server/mail/bookingInvite.ts). The visitor's go to whatever address was
// typed into /book, so they carry only our own words: no name, no destination (staff's carry both).
import { lagosDateTime } from "../domain/consultations.ts";
import { placeOfMail } from "./bookingPlace.ts";
import type { MailContent } from "./content.ts";
import { type Definition, type Links, type MailData, s } from "./template.ts";

const lagosWhen = (iso: MailData[string] | undefined) => lagosDateTime(new Date(s(iso)));

/**
 * The meeting's facts with how it happens (the link to join, the address, who calls which number); the destination
 * (typed by the visitor) only in staff's. The visitor's phone number is in international form, checked at booking.
 */
const facts = (d: MailData, typed = false): MailContent["blocks"][number] => {
  const place = placeOfMail(d, typed ? "staff" : "visitor");
  const way: [string, string, string?][] = place.detail
    ? [[place.detail.label, place.detail.text, ...(place.detail.href?.startsWith("https:") ? [place.detail.href] : [])] as [string, string, string?]]
    : [];
  return {
    type: "facts",
    rows: [
      ["Consultation", s(d.typeName)],
      ["When", lagosWhen(d.startsAt)],
      ["Length", `${s(d.minutes)} minutes`],
      ["Where", place.where],
      ...way,
      ["About", typed ? `${s(d.visaLabel)}, ${s(d.destination)}` : s(d.visaLabel)],
    ],
  };
};

const linkBlocks = (l: Links): MailContent["blocks"] =>
  l.bookingLinks ? [{ type: "p", text: `To cancel, open this link: ${l.bookingLinks.cancel}` }] : [];

const visitor = (title: string, intro: string): Definition => ({
  subject: (d) => `${title}: ${s(d.typeName)}, ${lagosWhen(d.startsAt)}`,
  content: (d, l) => ({
    greeting: "Hello,",
    blocks: [{ type: "p", text: intro }, facts(d), ...linkBlocks(l)],
    ...(l.bookingLinks ? { action: { label: "Choose another time", url: l.bookingLinks.reschedule } } : {}),
    footnote: "The calendar invite is attached. The links work until the consultation starts.",
  }),
});

export const BOOKING_MESSAGES = {
  booking_confirmed: visitor("Consultation booked", "Your consultation is booked. We look forward to speaking with you."),
  booking_moved: visitor("Consultation moved", "Your consultation has moved to the time below. Your calendar will update with the attached invite."),
  booking_cancelled: {
    subject: (d) => `Consultation cancelled: ${s(d.typeName)}, ${lagosWhen(d.startsAt)}`,
    content: (d, l) => ({
      greeting: "Hello,",
      blocks: [
        { type: "p", text: "Your consultation below is cancelled. The attached update removes it from your calendar." },
        ...(d.refund
          ? [{ type: "p" as const, text: `Your payment of ${s(d.refund)} is being refunded through Paystack to the card or account you paid with.` }]
          : []),
        facts(d),
      ],
      action: { label: "Book another time", url: l.url("/book") },
    }),
  },
  booking_reminder: {
    subject: (d) => `Reminder: your consultation ${s(d.inWords)}`,
    content: (d) => ({
      greeting: "Hello,",
      blocks: [{ type: "p", text: `This is a reminder of your consultation ${s(d.inWords)}.` }, facts(d)],
      footnote: "To move or cancel it, use the links in your confirmation e-mail.",
    }),
  },
  booking_staff: {
    subject: (d) => `${s(d.change)}: ${s(d.name)}, ${lagosWhen(d.startsAt)}`,
    content: (d, l) => ({
      blocks: [
        facts(d, true),
        {
          type: "facts",
          rows: [
            ["Name", s(d.name)],
            ["E-mail", s(d.email)],
            ["Phone", s(d.phone)],
          ] as [string, string][],
        },
      ],
      action: { label: "Open the agenda", url: l.url("/admin/agenda") },
    }),
  },
  booking_account_invite: {
    subject: () => "Start your visa application with Horizon Gate",
    content: (d, l) => ({
      greeting: `Dear ${s(d.name)},`,
      blocks: [
        { type: "p", text: "Thank you for your consultation. When you are ready to apply, create your account: your details are filled in for you." },
      ],
      action: {
        label: "Create your account",
        url: l.url(`/signup?email=${encodeURIComponent(s(d.email))}&name=${encodeURIComponent(s(d.name))}`),
      },
      footnote: "Confirm your e-mail address after signing up, and your consultation will show in your account.",
    }),
  },
} satisfies Record<string, Definition>;
