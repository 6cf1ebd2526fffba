// /privacy copy: what the site keeps about a person, why, who sees it, for how long, and how to use their rights
// (Nigeria Data Protection Act 2023). The periods that the code sets (sessions, e-mailed links) come in as props, so
// the page cannot drift from what the server does; DELETION_RULE is the same sentence the account page shows.
import type { PageMeta } from "./types";

export const privacyMeta: PageMeta = {
  title: "Privacy Notice",
  metaDescription:
    "What we keep about you when you use our site or apply for a visa through us, why, who sees it, how long we keep it, and how to download or delete your data.",
};

export const privacyIntro = {
  eyebrow: "Your data",
  title: "Privacy Notice",
  updated: "Last updated 30 November 2026",
} as const;

export interface PrivacyItem {
  what: string;
  detail: string;
}

/** What we collect, grouped as a person meets it on the site. */
export const collected: PrivacyItem[] = [
  {
    what: "Your account",
    detail:
      "Your name, e-mail address, an optional phone number and your password, which we store only as a one-way hash. If you turn on two-factor sign-in we keep its secret encrypted, and your recovery codes as hashes.",
  },
  {
    what: "Your visa applications",
    detail:
      "The answers you give in the application form: personal details, passport details, contact details and address, travel plans, employment or study, finances, travel history and the background questions, including any criminal-history declaration the destination asks for.",
  },
  {
    what: "Your family members' applications",
    detail:
      "When you apply with your family, you give us each member's answers and documents on your account, a child's included. Give us only what they (or, for a child, their other parent or guardian where needed) agree to. Each member's application is kept and deleted like yours, and you can download or delete it in the same way.",
  },
  {
    what: "Your documents",
    detail:
      "The passport scan, photograph and supporting documents you upload. Only you and our staff can open them. The two lines of letters and numbers at the foot of your passport's photo page are read on our own server, and what they say (names, passport number, nationality, date of birth, sex, expiry date, issuing country) is kept with your application: the scan is never sent to another company to be read.",
  },
  {
    what: "Payments",
    detail: "The fee, its reference and the date it was paid. Card numbers are checked and forgotten: we never store or log them.",
  },
  {
    what: "Messages",
    detail:
      "A record of the e-mails we send you (to whom, subject, when, and whether it was delivered), and what you write to us through the contact form.",
  },
  {
    what: "WhatsApp and SMS",
    detail:
      "If you choose updates or consultation reminders on WhatsApp or by SMS (when you create your account, when you book a consultation, or on My account): the mobile number, each choice you make (yes or no) with the date and the words you agreed to, the messages we sent to that number, and the WhatsApp messages between you and us. Those updates carry a link, never your passport details, date of birth or answers to the background questions.",
  },
  {
    what: "Security records",
    detail:
      "When someone signs in or fails to, and what staff do with an application, with the time, the IP address and the type of device. We use two cookies: one keeps you signed in, the other protects forms from forgery. We use no advertising or tracking cookies.",
  },
];

/** Why we use it, and the lawful basis under the Act. */
export const purposes: PrivacyItem[] = [
  {
    what: "To prepare and lodge your application",
    detail:
      "Checking your answers and documents, advising you and submitting them to the embassy or visa authority you apply to. This is the service you ask us for (contract).",
  },
  {
    what: "To keep you informed",
    detail: "E-mails about your account, your application's status and your payments, and answers to your enquiries (contract).",
  },
  {
    what: "To send updates on WhatsApp or by SMS",
    detail:
      "Only if you choose it (when you create your account, when you book a consultation, or on My account), and only until you change your mind on My account or reply STOP on WhatsApp or by SMS (consent).",
  },
  {
    what: "To keep accounts safe",
    detail: "Limiting repeated sign-in attempts and keeping a record of who did what, so a misuse can be found and stopped (legitimate interest).",
  },
  {
    what: "To keep proper accounts",
    detail: "A record of the applications we handled and the fees paid, as the law on business records requires (legal obligation).",
  },
];

/** Who sees it. */
export const recipients: string[] = [
  "Our own staff, who review applications. Each staff account needs a password and a code from a phone to sign in.",
  "The embassy, high commission or visa authority of the country you apply to, and only when you ask us to lodge your application.",
  "The companies that host our site, store our files and send our e-mail, who act only on our instructions.",
  "The visa centre that takes your appointment and biometrics for that embassy (VFS Global, TLScontact, BLS or the embassy itself), for what the appointment needs.",
  "Paystack, when you pay online: your name, e-mail and the amount (we never see or keep your card details).",
  "Meta (WhatsApp), for the messages you exchange with us there, if you choose WhatsApp.",
  "Termii, our SMS provider, for the text messages we send you, if you choose SMS: your number and the message.",
  "Nobody else. We do not sell your data or share it for advertising.",
];

export interface RetentionPeriods {
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  resetLinkMinutes: number;
  confirmLinkDays: number;
  changeLinkHours: number;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** How long each kind of data is kept: the same rules as the code (server/models/accountData.ts, accountTokens.ts). */
export function retention(p: RetentionPeriods): PrivacyItem[] {
  return [
    { what: "Account details", detail: "Until you delete your account." },
    { what: "Draft applications, checklists and every uploaded file", detail: "Until you delete them, or your account: then at once." },
    {
      what: "Submitted or paid applications",
      detail:
        "When you delete your account, your name, contact details, passport details, answers and files are removed at once. The reference, visa type, destination, status, amounts and dates stay in our records for the consultancy's accounts.",
    },
    { what: "Records of e-mails we sent you", detail: "Until you delete your account." },
    {
      what: "Sign-in sessions",
      detail: `End after ${plural(p.sessionIdleMinutes, "minute")} without activity, and after ${plural(p.sessionMaxHours, "hour")} in any case.`,
    },
    {
      what: "Links we e-mail you",
      detail: `A password-reset link works for ${plural(p.resetLinkMinutes, "minute")}, an e-mail confirmation link for ${plural(p.confirmLinkDays, "day")}, and a change-of-address link for ${plural(p.changeLinkHours, "hour")}.`,
    },
    { what: "Counts of repeated sign-in attempts", detail: "Removed within minutes of their window ending." },
    {
      what: "Security records and enquiries",
      detail:
        "Kept as our record of who did what and of what you asked us. They are not part of your account, so deleting it does not remove them; ask us and we will remove an enquiry.",
    },
    { what: "Backups", detail: "Copies of our data, kept by our operators, are replaced in turn; deleted data leaves them as they are replaced." },
  ];
}

export const rightsIntro =
  "The Nigeria Data Protection Act 2023 gives you these rights. You can use the first three yourself, at any time, from your account page:";

export const rights: PrivacyItem[] = [
  {
    what: "See and take a copy of your data",
    detail: "“Download my data” gives you a zip file with your account, applications, their history, checklists, payments, messages and files.",
  },
  {
    what: "Correct it",
    detail: "Change your name, phone and e-mail on your account page, and your answers while an application is a draft or returned to you.",
  },
  { what: "Delete it", detail: "“Delete my account” needs your password and the word DELETE." },
  {
    what: "Object, restrict or withdraw",
    detail: "Write to us to object to a use of your data or to ask us to pause it. We answer within 30 days.",
  },
  {
    what: "Complain",
    detail:
      "If you think we have misused your data, you can complain to the Nigeria Data Protection Commission (NDPC), the regulator, at ndpc.gov.ng. We would like the chance to put it right first.",
  },
];

/** The deletion rule, word for word as the README states it; the account page shows it above "Delete my account". */
export const DELETION_RULE =
  "Deleting your account removes your drafts, checklists and every uploaded file at once, and signs you out everywhere. Applications you submitted or paid for stay in our records for the consultancy's accounts, without your name, contact details, passport details, answers or files: only their reference, visa type, destination, status, amounts and dates remain.";

export const privacyHeadings = {
  collected: "What we collect",
  purposes: "Why we use it",
  recipients: "Who sees it",
  retention: "How long we keep it",
  rights: "Your rights",
  deletionRule: "What deleting your account does",
  contact: "Contact us about your data",
  account: "Go to my account",
} as const;
