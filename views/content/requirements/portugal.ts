// The documents a Nigerian applicant is asked for, per visa type, for Portugal.
import { businessRegistration, policeCertificate, travelHistory } from "./common.ts";
import {
  coverLetter,
  schengenAccommodation,
  schengenBank,
  schengenFlight,
  schengenForm,
  schengenInsurance,
  schengenJob,
  schengenSource,
} from "./schengen.ts";
import type { CatalogueItem, DestinationRequirements } from "./types.ts";

const reviewed = "2026-11-27";
const portal = { label: "Portuguese consular visa portal (Ministry of Foreign Affairs)", href: "https://vistos.mne.gov.pt/en/" };
const vfs = { label: "VFS Global: Portugal visa information for Nigeria", href: "https://www.vfsglobal.com/one-pager/portugal/nigeria/english/" };
const nationalForm: CatalogueItem = {
  key: "application-form",
  label: "National visa application form",
  hint: "Filled in on the consular visa portal, printed and signed by you.",
  required: true,
  documentType: "other",
};
const recordsConsent: CatalogueItem = {
  key: "criminal-record-consent",
  label: "Consent to a Portuguese criminal record check",
  hint: "Signed request allowing AIMA to consult the Portuguese criminal register about you.",
  required: true,
  documentType: "other",
};
const insurance: CatalogueItem = {
  key: "travel-insurance",
  label: "Travel medical insurance",
  hint: "Cover for medical care and repatriation until you register with the Portuguese health service.",
  required: true,
  documentType: "other",
};
const housing: CatalogueItem = {
  key: "accommodation",
  label: "Proof of accommodation in Portugal",
  hint: "A rental contract, a property deed, or a host's term of responsibility for where you will live.",
  required: true,
  documentType: "other",
};

export const portugal: DestinationRequirements = {
  destination: "Portugal",
  aliases: ["Portuguese Republic"],
  lists: {
    tourist: {
      visa: "Schengen short-stay visa (tourism or visiting family)",
      reviewed,
      sources: [portal, vfs, schengenSource],
      items: [
        schengenForm,
        coverLetter,
        schengenBank,
        schengenJob,
        schengenInsurance,
        schengenFlight,
        schengenAccommodation,
        {
          key: "invitation-letter",
          label: "Term of responsibility from your host",
          hint: "If a resident of Portugal hosts or pays for you: their signed term of responsibility and a copy of their ID or residence permit.",
          required: false,
          documentType: "invitation_letter",
        },
        businessRegistration,
        travelHistory,
      ],
    },
    business: {
      visa: "Schengen short-stay visa (business)",
      reviewed,
      sources: [portal, vfs, schengenSource],
      items: [
        schengenForm,
        {
          key: "invitation-letter",
          label: "Invitation from the Portuguese company",
          hint: "On letterhead, signed: the purpose, the dates and who pays the costs.",
          required: true,
          documentType: "invitation_letter",
        },
        {
          ...schengenJob,
          label: "Letter from your employer",
          hint: "On letterhead: your role and that your employer sends you on this trip and pays for it.",
        },
        schengenBank,
        schengenInsurance,
        schengenFlight,
        schengenAccommodation,
        businessRegistration,
      ],
    },
    study: {
      visa: "Study visa (national visa)",
      reviewed,
      sources: [portal, vfs],
      items: [
        nationalForm,
        {
          key: "admission-letter",
          label: "Admission letter",
          hint: "From the Portuguese university or school, naming the course and its dates.",
          required: true,
          documentType: "admission_letter",
        },
        {
          key: "bank-statement",
          label: "Proof of funds",
          hint: "Bank statements of the last 3 months, a scholarship letter or a sponsor's term of responsibility covering your stay.",
          required: true,
          documentType: "bank_statement",
        },
        {
          key: "transcripts",
          label: "Certificates and transcripts",
          hint: "WAEC/NECO results and degree certificates your admission was based on.",
          required: true,
          documentType: "transcript",
        },
        housing,
        insurance,
        policeCertificate,
        recordsConsent,
      ],
    },
    work: {
      visa: "Work visa (national visa for employment)",
      reviewed,
      sources: [portal, vfs, { label: "AIMA: Agency for Integration, Migration and Asylum", href: "https://aima.gov.pt/" }],
      items: [
        nationalForm,
        {
          key: "employment-contract",
          label: "Employment contract or promise of contract",
          hint: "Signed by the Portuguese employer: job, salary and start date.",
          required: true,
          documentType: "employment_letter",
        },
        {
          key: "qualifications",
          label: "Qualifications",
          hint: "Degree or trade certificates for the job, recognised in Portugal where the profession is regulated.",
          required: false,
          documentType: "transcript",
        },
        {
          key: "bank-statement",
          label: "Bank statements",
          hint: "The last 3 months: enough to live on until your first salary.",
          required: true,
          documentType: "bank_statement",
        },
        housing,
        insurance,
        policeCertificate,
        recordsConsent,
      ],
    },
    family: {
      visa: "Family reunification (residence visa)",
      reviewed,
      sources: [portal, vfs, { label: "AIMA: Agency for Integration, Migration and Asylum", href: "https://aima.gov.pt/" }],
      items: [
        nationalForm,
        {
          key: "marriage-certificate",
          label: "Marriage certificate",
          hint: "From the registry or court, legalised for use in Portugal, with a Portuguese translation.",
          required: true,
          documentType: "marriage_certificate",
        },
        {
          key: "birth-certificate",
          label: "Birth certificate",
          hint: "Yours, and each child's, legalised for use in Portugal.",
          required: true,
          documentType: "birth_certificate",
        },
        {
          key: "family-member-residence",
          label: "Your family member's residence permit",
          hint: "A copy of their Portuguese residence permit, and AIMA's approval of the reunification if it was granted in Portugal.",
          required: true,
          documentType: "other",
        },
        housing,
        {
          key: "bank-statement",
          label: "Your family member's means of support",
          hint: "Their contract, payslips or bank statements of the last 3 months: enough to support the family.",
          required: true,
          documentType: "bank_statement",
        },
        policeCertificate,
      ],
    },
  },
};
