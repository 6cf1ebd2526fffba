// The documents a Nigerian applicant is asked for, per visa type, for Canada.
import { businessRegistration, cv, policeCertificate, relationshipEvidence, travelHistory } from "./common.ts";
import type { CatalogueItem, DestinationRequirements } from "./types.ts";

const reviewed = "2026-11-27";
const ircc = "https://www.canada.ca/en/immigration-refugees-citizenship";
const visitorSources = [
  { label: "IRCC: Visit Canada, visitor visa", href: `${ircc}/services/visit-canada.html` },
  {
    label: "IRCC: Visa office instructions (Lagos/Accra)",
    href: `${ircc}/corporate/mandate/policies-operational-instructions-agreements/visa-office-instructions.html`,
  },
];
const familyInformation: CatalogueItem = {
  key: "family-information-form",
  label: "Family information form (IMM 5707)",
  hint: "Every parent, spouse and child listed with dates of birth and addresses, signed and dated.",
  required: true,
  documentType: "other",
};
const bank: CatalogueItem = {
  key: "bank-statement",
  label: "Bank statements",
  hint: "Your last 4 to 6 months, stamped by the bank, showing steady income and enough for the trip.",
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
const purpose: CatalogueItem = {
  key: "purpose-letter",
  label: "Letter explaining your trip",
  hint: "In your own words: why you travel, where you stay, who pays and why you will return to Nigeria.",
  required: true,
  documentType: "other",
};

export const canada: DestinationRequirements = {
  destination: "Canada",
  aliases: [],
  lists: {
    tourist: {
      visa: "Visitor visa (temporary resident visa)",
      reviewed,
      sources: visitorSources,
      items: [
        bank,
        job,
        purpose,
        familyInformation,
        {
          key: "invitation-letter",
          label: "Invitation letter",
          hint: "If you visit someone: their letter with address, phone and proof of their status in Canada (passport, PR card or permit).",
          required: false,
          documentType: "invitation_letter",
        },
        {
          key: "ties-to-nigeria",
          label: "Property or other ties to Nigeria",
          hint: "Land or house documents, a family you support, studies you return to: anything that brings you back.",
          required: false,
          documentType: "other",
        },
        businessRegistration,
        travelHistory,
      ],
    },
    business: {
      visa: "Visitor visa (business visitor)",
      reviewed,
      sources: [...visitorSources, { label: "IRCC: Business visitors", href: `${ircc}/services/visit-canada/business.html` }],
      items: [
        {
          key: "invitation-letter",
          label: "Letter from the Canadian company or event",
          hint: "Who invites you, what you will do, the dates and who pays; business visitors may not work for a Canadian employer.",
          required: true,
          documentType: "invitation_letter",
        },
        { ...job, hint: "On company letterhead: your role, salary and that your employer sends you on this trip and pays for it." },
        bank,
        familyInformation,
        businessRegistration,
        travelHistory,
      ],
    },
    study: {
      visa: "Study permit",
      reviewed,
      sources: [
        { label: "IRCC: Study permit, get the right documents", href: `${ircc}/services/study-canada/study-permit/get-documents.html` },
        {
          label: "IRCC: Provincial attestation letter",
          href: `${ircc}/services/study-canada/study-permit/get-documents/provincial-attestation-letter.html`,
        },
      ],
      items: [
        {
          key: "letter-of-acceptance",
          label: "Letter of acceptance",
          hint: "From a designated learning institution, with its DLI number, your programme, start date and fees.",
          required: true,
          documentType: "admission_letter",
        },
        {
          key: "provincial-attestation-letter",
          label: "Provincial attestation letter",
          hint: "Issued by the province through your school; most college and undergraduate students need one (your school says if you do).",
          required: false,
          documentType: "other",
        },
        {
          key: "bank-statement",
          label: "Proof of funds",
          hint: "First-year tuition plus the living-cost amount IRCC sets: a GIC certificate, recent bank statements or a scholarship letter.",
          required: true,
          documentType: "bank_statement",
        },
        {
          key: "transcripts",
          label: "Transcripts and certificates",
          hint: "WAEC/NECO results, degree certificates and transcripts from the schools you attended.",
          required: true,
          documentType: "transcript",
        },
        {
          key: "study-plan",
          label: "Study plan",
          hint: "A letter on why this programme, in Canada, and how it fits your career in Nigeria.",
          required: true,
          documentType: "other",
        },
        {
          key: "language-test",
          label: "English or French test result",
          hint: "IELTS or another test your school accepted, if it asked for one.",
          required: false,
          documentType: "other",
        },
        familyInformation,
      ],
    },
    work: {
      visa: "Work permit (employer-specific)",
      reviewed,
      sources: [
        { label: "IRCC: Work permit, who can apply", href: `${ircc}/services/work-canada/permit/temporary/eligibility.html` },
        { label: "IRCC: Apply for a work permit outside Canada", href: `${ircc}/services/work-canada/permit/temporary/apply-outside-canada.html` },
      ],
      items: [
        {
          key: "job-offer",
          label: "Job offer and LMIA or offer number",
          hint: "The employer's offer with job, wage and dates, and the approved LMIA or the offer of employment number.",
          required: true,
          documentType: "employment_letter",
        },
        {
          key: "qualifications",
          label: "Qualifications",
          hint: "Degree or trade certificates and transcripts that show you meet the job's requirements.",
          required: true,
          documentType: "transcript",
        },
        cv,
        {
          key: "experience-letters",
          label: "Reference letters from past employers",
          hint: "On letterhead: job titles, dates and duties, matching your CV.",
          required: false,
          documentType: "other",
        },
        { ...policeCertificate, required: false },
        familyInformation,
      ],
    },
    family: {
      visa: "Spouse or partner sponsorship (permanent residence)",
      reviewed,
      sources: [
        {
          label: "IRCC: Sponsor your spouse, partner or children",
          href: `${ircc}/services/immigrate-canada/family-sponsorship/spouse-partner-children.html`,
        },
      ],
      items: [
        {
          key: "marriage-certificate",
          label: "Marriage certificate",
          hint: "From the registry or court, with an English or French translation if it is in another language.",
          required: true,
          documentType: "marriage_certificate",
        },
        relationshipEvidence,
        {
          key: "sponsor-status",
          label: "Your sponsor's proof of status",
          hint: "Their Canadian passport, citizenship certificate or PR card, both sides.",
          required: true,
          documentType: "other",
        },
        {
          key: "birth-certificate",
          label: "Birth certificate",
          hint: "Yours, and each dependent child's, from the National Population Commission.",
          required: true,
          documentType: "birth_certificate",
        },
        policeCertificate,
        {
          key: "medical-exam",
          label: "Medical examination",
          hint: "Done by an IRCC panel physician in Nigeria; the form they give you shows it is done.",
          required: false,
          documentType: "other",
        },
      ],
    },
  },
};
