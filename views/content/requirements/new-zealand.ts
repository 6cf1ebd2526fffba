// The documents a Nigerian applicant is asked for, per visa type, for New Zealand.
import { businessRegistration, cv, policeCertificate, relationshipEvidence, travelHistory } from "./common.ts";
import type { CatalogueItem, DestinationRequirements } from "./types.ts";

const reviewed = "2026-11-27";
const inz = "https://www.immigration.govt.nz";
const visitorSources = [
  { label: "Immigration New Zealand: Visitor Visa", href: `${inz}/new-zealand-visas/visas/visa/visitor-visa` },
  { label: "Immigration New Zealand: evidence of funds", href: `${inz}/new-zealand-visas/preparing-a-visa-application` },
];
const xray: CatalogueItem = {
  key: "chest-xray",
  label: "Chest X-ray certificate",
  hint: "From a panel physician Immigration New Zealand approves, for stays over 6 months; a full medical for over 12 months.",
  required: true,
  documentType: "other",
};
const bank: CatalogueItem = {
  key: "bank-statement",
  label: "Bank statements",
  hint: "Your last 3 to 6 months, showing at least NZ$1,000 for each month of the stay (NZ$400 if your accommodation is paid).",
  required: true,
  documentType: "bank_statement",
};
const job: CatalogueItem = {
  key: "employment-letter",
  label: "Employment letter",
  hint: "On company letterhead, dated in the last month: role, salary, time in the job and approved leave.",
  required: true,
  documentType: "employment_letter",
};
const onward: CatalogueItem = {
  key: "onward-travel",
  label: "Return or onward ticket",
  hint: "A booking that shows you leave New Zealand, or the money to buy one.",
  required: true,
  documentType: "other",
};

export const newZealand: DestinationRequirements = {
  destination: "New Zealand",
  aliases: ["NZ", "N.Z.", "Aotearoa"],
  lists: {
    tourist: {
      visa: "Visitor Visa",
      reviewed,
      sources: visitorSources,
      items: [
        bank,
        job,
        onward,
        {
          key: "invitation-letter",
          label: "Invitation letter",
          hint: "If you visit family or friends: their letter with their New Zealand status and address.",
          required: false,
          documentType: "invitation_letter",
        },
        businessRegistration,
        travelHistory,
      ],
    },
    business: {
      visa: "Business Visitor Visa",
      reviewed,
      sources: [
        ...visitorSources,
        { label: "Immigration New Zealand: Business Visitor Visa", href: `${inz}/new-zealand-visas/visas/visa/business-visitor-visa` },
      ],
      items: [
        {
          key: "invitation-letter",
          label: "Letter from the New Zealand business",
          hint: "Who invites you, the meetings or event, the dates and who pays.",
          required: true,
          documentType: "invitation_letter",
        },
        { ...job, hint: "On company letterhead: your role and that your employer sends you on this trip and pays for it." },
        bank,
        onward,
        businessRegistration,
      ],
    },
    study: {
      visa: "Fee Paying Student Visa",
      reviewed,
      sources: [{ label: "Immigration New Zealand: Fee Paying Student Visa", href: `${inz}/new-zealand-visas/visas/visa/fee-paying-student-visa` }],
      items: [
        {
          key: "offer-of-place",
          label: "Offer of place",
          hint: "From a New Zealand school approved for international students: course, length and fees.",
          required: true,
          documentType: "admission_letter",
        },
        {
          key: "tuition-receipt",
          label: "Tuition fee receipt",
          hint: "The school's receipt for the fees, or for the part it asks you to pay before the visa.",
          required: true,
          documentType: "other",
        },
        {
          key: "bank-statement",
          label: "Proof of funds",
          hint: "Living costs for the first year at the amount Immigration New Zealand sets, in your or a sponsor's accounts.",
          required: true,
          documentType: "bank_statement",
        },
        {
          key: "transcripts",
          label: "Transcripts and certificates",
          hint: "WAEC/NECO results, degree certificates and transcripts your school's offer was based on.",
          required: true,
          documentType: "transcript",
        },
        xray,
        { ...policeCertificate, required: false, hint: "From the Nigeria Police Force (CID), if you will study for more than 24 months." },
      ],
    },
    work: {
      visa: "Accredited Employer Work Visa",
      reviewed,
      sources: [
        {
          label: "Immigration New Zealand: Accredited Employer Work Visa",
          href: `${inz}/new-zealand-visas/visas/visa/accredited-employer-work-visa`,
        },
      ],
      items: [
        {
          key: "employment-contract",
          label: "Employment agreement",
          hint: "Signed by your accredited employer, matching the approved job check: job, pay, hours and place.",
          required: true,
          documentType: "employment_letter",
        },
        {
          key: "job-check",
          label: "Job check approval",
          hint: "Your employer's approved job check number, which they send you with the job token.",
          required: true,
          documentType: "other",
        },
        {
          key: "qualifications",
          label: "Qualifications",
          hint: "Certificates and transcripts the job asks for, with an NZQA assessment or registration where needed.",
          required: true,
          documentType: "transcript",
        },
        cv,
        xray,
        policeCertificate,
      ],
    },
    family: {
      visa: "Partner of a New Zealander Resident or Work Visa",
      reviewed,
      sources: [{ label: "Immigration New Zealand: partner visas", href: `${inz}/new-zealand-visas/options/join-family` }],
      items: [
        {
          key: "marriage-certificate",
          label: "Marriage certificate",
          hint: "From the registry or court, if you are married; partners must also show they live together.",
          required: false,
          documentType: "marriage_certificate",
        },
        relationshipEvidence,
        {
          key: "living-together",
          label: "Proof you live together",
          hint: "Joint tenancy, bills or letters to you both at one address over at least 12 months.",
          required: true,
          documentType: "other",
        },
        {
          key: "sponsor-status",
          label: "Your partner's proof of status",
          hint: "Their New Zealand passport or resident visa, and their signed sponsorship form.",
          required: true,
          documentType: "other",
        },
        {
          key: "birth-certificate",
          label: "Birth certificate",
          hint: "From the National Population Commission.",
          required: true,
          documentType: "birth_certificate",
        },
        xray,
        policeCertificate,
      ],
    },
  },
};
