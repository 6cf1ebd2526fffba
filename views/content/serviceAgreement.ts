// The service agreement and the data-protection consent an applicant signs before the first payment of an
// application: the consultancy's terms, this application's fees as its bill shows them, the refund rules, and what
// data is processed under the Nigeria Data Protection Act 2023. A change of wording is a new version: change
// SERVICE_AGREEMENT_VERSION (the day it takes effect) and every applicant is asked to sign again before paying
// (docs/content.md). The retention and recipients follow the privacy page (privacy.ts): keep them in step.

/** The version in force: the day this wording took effect. */
export const SERVICE_AGREEMENT_VERSION = "2026-11-30";

export const AGREEMENT_TITLE = "Service agreement and data-protection consent";

/** This application's fees, as its bill shows them (amounts already formatted in the bill's currency). */
export interface AgreementFees {
  lines: { label: string; amountText: string; passThrough: boolean }[];
  totalText: string;
  /** The part collected for the embassy, the visa centre or other suppliers; null when there is none. */
  passThroughText: string | null;
  /** The instalments when staff split the bill; empty when it is paid at once. */
  instalments: { title: string; amountText: string; dueText: string }[];
}

export interface AgreementTerms {
  siteName: string;
  applicantName: string;
  reference: string;
  visaTypeLabel: string;
  destination: string;
  fees: AgreementFees;
  privacyUrl: string;
}

export interface AgreementSection {
  heading: string;
  paragraphs: string[];
}

/** What the applicant reads and signs: hashed as canonical JSON, so every word here is part of the signature. */
export interface AgreementDocument {
  version: string;
  title: string;
  reference: string;
  applicantName: string;
  sections: AgreementSection[];
  consent: AgreementSection;
  confirmations: { agreement: string; consent: string };
}

function feeParagraphs(f: AgreementFees): string[] {
  const lines = f.lines.map(
    (l) => `${l.label}: ${l.amountText}${l.passThrough ? " (paid on to the embassy, visa centre or supplier for you)" : ""}.`,
  );
  const split =
    f.instalments.length > 0
      ? [
          `You pay it in ${f.instalments.length} instalments: ${f.instalments.map((i) => `${i.title}, ${i.amountText}, due ${i.dueText}`).join("; ")}.`,
        ]
      : ["You pay it at once, before we lodge your application."];
  return [
    `For this application you pay ${f.totalText} in all:`,
    ...lines,
    f.passThroughText
      ? `Of this, ${f.passThroughText} is collected on your behalf and paid on to the embassy, the visa centre or the supplier named; it is not our fee.`
      : "All of it is our service fee. Fees the embassy or visa centre charge are not included unless they are listed above.",
    ...split,
    "If the embassy, the visa centre or an exchange rate changes a fee before you pay, your bill shows the new amount before you pay it. Once you start a payment, its price holds for 24 hours.",
  ];
}

export function serviceAgreement(t: AgreementTerms): AgreementDocument {
  return {
    version: SERVICE_AGREEMENT_VERSION,
    title: AGREEMENT_TITLE,
    reference: t.reference,
    applicantName: t.applicantName,
    sections: [
      {
        heading: "1. Who agrees",
        paragraphs: [
          `This agreement is between ${t.siteName} of Ikeja, Lagos ("we", "us") and ${t.applicantName} ("you"), for application ${t.reference}: ${t.visaTypeLabel} to ${t.destination}.`,
        ],
      },
      {
        heading: "2. What we do for you",
        paragraphs: [
          "We advise you on the visa and what the embassy asks for, check your answers and documents, prepare the application in the embassy's form, lodge it when you have signed the answers, book and tell you about appointments, and keep you informed of its progress until the decision.",
          "The embassy, high commission or visa authority alone decides whether to grant a visa. We cannot promise an outcome or a decision date, and nobody can.",
        ],
      },
      { heading: "3. The fee", paragraphs: feeParagraphs(t.fees) },
      {
        heading: "4. Refunds",
        paragraphs: [
          "If you withdraw before we start reviewing your application, we refund the service fee in full.",
          "Once we have started work, the service fee is not refunded, unless we fail to do what this agreement says we do.",
          "A refused visa is not a reason for a refund of the service fee: the decision is the embassy's.",
          "Fees collected for the embassy, the visa centre or a supplier are refunded in full while we have not yet paid them on; once paid on, that body's own refund rules apply, and most do not refund.",
          "Money paid twice, or more than your bill asks, is refunded in full. We refund within 14 days of agreeing it, to the account or card you paid from.",
        ],
      },
      {
        heading: "5. What you do",
        paragraphs: [
          "Give true and complete answers, and tell us at once if something changes. A false or missing answer can lead to a refusal or a ban, and you are the one who signs the embassy's declaration.",
          "Send the documents we ask for by the dates we give, and attend your appointments. A delay on your side can delay or end the application, and fees already paid on are not returned.",
        ],
      },
    ],
    consent: {
      heading: "6. Your data (Nigeria Data Protection Act 2023)",
      paragraphs: [
        "To do this work we process your identity and contact details, your passport details and scan, your photograph, your answers to the application (including any criminal-history question the destination asks), your documents and your payments.",
        "We use them to prepare and lodge your application, to keep you informed, and to keep proper accounts.",
        "They go to the embassy, high commission or visa authority of the country you apply to, and its visa centre, which are outside Nigeria; to Paystack when you pay online; to the companies that host our site, store our files and send our e-mail; and to WhatsApp or our SMS provider if you choose updates there. Nobody else, and never for advertising.",
        "We keep them while you have your account. When you delete it, your name, contact details, passport details, answers and files are removed at once; the reference, visa type, destination, status, amounts and dates stay in our records for the consultancy's accounts.",
        "You can see and download your data, correct it and delete it from your account page; object to a use of it or ask us to pause it by writing to us; and complain to the Nigeria Data Protection Commission.",
        `The privacy notice says all of this in full: ${t.privacyUrl}`,
      ],
    },
    confirmations: {
      agreement: "I have read this service agreement and agree to it, including the fee and the refund rules.",
      consent:
        "I consent to the processing of my data as described in section 6, including sending it to the embassy or visa authority outside Nigeria.",
    },
  };
}
