// The documents most consulates ask of a Nigerian applicant, per visa type, for a destination without its own list.
import { businessRegistration, cv, policeCertificate, travelHistory } from "./common.ts";
import type { CatalogueItem, CatalogueVisaType, RequirementList } from "./types.ts";

const reviewed = "2026-11-27";
/** No one official page: each destination's consulate publishes its own list, which the consultant checks per case. */
const sources: RequirementList["sources"] = [];
const bank: CatalogueItem = {
  key: "bank-statement",
  label: "Bank statements",
  hint: "Your last 3 to 6 months, stamped by the bank, showing regular income and enough money for the trip.",
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

/** Each list names what the destination's consulate usually asks; your consultant adds what it asks besides. */
export const fallbackLists: Record<CatalogueVisaType, RequirementList> = {
  tourist: {
    visa: "Visitor or tourist visa",
    reviewed,
    sources,
    items: [
      bank,
      job,
      {
        key: "accommodation",
        label: "Hotel booking or host's address",
        hint: "Bookings for every night, or your host's letter with their address.",
        required: true,
        documentType: "other",
      },
      {
        key: "flight-reservation",
        label: "Return flight reservation",
        hint: "A reservation with your travel dates; buy the ticket once the visa is issued.",
        required: true,
        documentType: "other",
      },
      {
        key: "travel-insurance",
        label: "Travel medical insurance",
        hint: "Cover for every day of the trip, including emergency treatment.",
        required: false,
        documentType: "other",
      },
      {
        key: "invitation-letter",
        label: "Invitation letter",
        hint: "If you visit family or friends: their letter with their address and status in the country.",
        required: false,
        documentType: "invitation_letter",
      },
      businessRegistration,
      travelHistory,
    ],
  },
  business: {
    visa: "Business visa",
    reviewed,
    sources,
    items: [
      {
        key: "invitation-letter",
        label: "Invitation from the host company",
        hint: "On letterhead, signed: the purpose, the dates and who pays.",
        required: true,
        documentType: "invitation_letter",
      },
      { ...job, hint: "On company letterhead: your role and that your employer sends you on this trip." },
      bank,
      businessRegistration,
      travelHistory,
    ],
  },
  study: {
    visa: "Student visa",
    reviewed,
    sources,
    items: [
      {
        key: "admission-letter",
        label: "Admission letter",
        hint: "From the school abroad: course, start date, length and fees.",
        required: true,
        documentType: "admission_letter",
      },
      {
        key: "bank-statement",
        label: "Proof of funds",
        hint: "Tuition and living costs for the first year, in your or a sponsor's accounts, or a scholarship letter.",
        required: true,
        documentType: "bank_statement",
      },
      {
        key: "transcripts",
        label: "Transcripts and certificates",
        hint: "WAEC/NECO results, degree certificates and transcripts your admission was based on.",
        required: true,
        documentType: "transcript",
      },
      {
        key: "tuition-receipt",
        label: "Tuition fee receipt",
        hint: "The school's receipt for any fees paid before the visa.",
        required: false,
        documentType: "other",
      },
      {
        key: "language-test",
        label: "Language test result",
        hint: "IELTS or the test your school accepted, if it asked for one.",
        required: false,
        documentType: "other",
      },
    ],
  },
  work: {
    visa: "Work visa",
    reviewed,
    sources,
    items: [
      {
        key: "employment-contract",
        label: "Job offer or employment contract",
        hint: "Signed by the employer abroad: job, salary, place of work and start date.",
        required: true,
        documentType: "employment_letter",
      },
      {
        key: "qualifications",
        label: "Qualifications",
        hint: "Degree or trade certificates and transcripts for the job.",
        required: true,
        documentType: "transcript",
      },
      cv,
      policeCertificate,
      {
        key: "bank-statement",
        label: "Bank statements",
        hint: "The last 3 months: enough to live on until your first salary.",
        required: false,
        documentType: "bank_statement",
      },
    ],
  },
  family: {
    visa: "Family visa",
    reviewed,
    sources,
    items: [
      {
        key: "invitation-letter",
        label: "Letter from your relative",
        hint: "Who they are, how you are related, their address and their status in the country, with a copy of their passport or permit.",
        required: true,
        documentType: "invitation_letter",
      },
      {
        key: "birth-certificate",
        label: "Birth certificate",
        hint: "From the National Population Commission, showing the relationship where it is through a parent.",
        required: true,
        documentType: "birth_certificate",
      },
      {
        key: "marriage-certificate",
        label: "Marriage certificate",
        hint: "From the registry or court, if you join or visit a spouse.",
        required: false,
        documentType: "marriage_certificate",
      },
      { ...bank, required: false, hint: "Yours or your relative's, the last 3 to 6 months: who pays for the stay." },
    ],
  },
};
