// The documents a Nigerian applicant is asked for, per visa type, for the United Kingdom.
import { businessRegistration, payslips, relationshipEvidence, travelHistory } from "./common.ts";
import type { CatalogueItem, DestinationRequirements } from "./types.ts";

const reviewed = "2026-11-27";
const visitorSources = [
  { label: "GOV.UK: Standard Visitor visa", href: "https://www.gov.uk/standard-visitor" },
  {
    label: "GOV.UK: Visiting the UK, guidance on supporting documents",
    href: "https://www.gov.uk/government/publications/visitor-visa-guide-to-supporting-documents",
  },
];
const tbTest: CatalogueItem = {
  key: "tb-certificate",
  label: "TB test certificate",
  hint: "Chest X-ray result from a Home Office-approved clinic in Lagos or Abuja, valid for 6 months; needed for stays over 6 months.",
  required: true,
  documentType: "other",
};
const visitorBank: CatalogueItem = {
  key: "bank-statement",
  label: "Bank statements",
  hint: "Your last 6 months, stamped by the bank, showing regular income and enough money for the trip; a sudden large deposit needs explaining.",
  required: true,
  documentType: "bank_statement",
};
const visitorJob: CatalogueItem = {
  key: "employment-letter",
  label: "Employment letter",
  hint: "On company letterhead, dated in the last month: your role, salary, start date and approved leave for the trip.",
  required: true,
  documentType: "employment_letter",
};

export const unitedKingdom: DestinationRequirements = {
  destination: "United Kingdom",
  aliases: ["UK", "U.K.", "Britain", "Great Britain", "England", "Scotland", "Wales", "Northern Ireland", "United Kingdom of Great Britain"],
  lists: {
    tourist: {
      visa: "Standard Visitor visa",
      reviewed,
      sources: visitorSources,
      items: [
        visitorBank,
        visitorJob,
        payslips,
        {
          key: "accommodation",
          label: "Where you will stay",
          hint: "A hotel booking or your host's letter with their address; you need not pay for a booking before the visa.",
          required: false,
          documentType: "other",
        },
        {
          key: "invitation-letter",
          label: "Invitation letter from your host",
          hint: "If you stay with friends or family: who they are, how you know them and their UK status, with a copy of their passport or eVisa.",
          required: false,
          documentType: "invitation_letter",
        },
        businessRegistration,
        travelHistory,
      ],
    },
    business: {
      visa: "Standard Visitor visa (business activities)",
      reviewed,
      sources: visitorSources,
      items: [
        {
          key: "invitation-letter",
          label: "Letter from the UK company",
          hint: "On letterhead: who invites you, the meetings or event, the dates, and who pays for the trip.",
          required: true,
          documentType: "invitation_letter",
        },
        { ...visitorJob, hint: "On company letterhead, dated in the last month: your role, salary and that your employer sends you on this trip." },
        visitorBank,
        businessRegistration,
        travelHistory,
      ],
    },
    family: {
      visa: "Family visa (partner or spouse)",
      reviewed,
      sources: [
        { label: "GOV.UK: Family visas, apply as a partner or spouse", href: "https://www.gov.uk/uk-family-visa/partner-spouse" },
        { label: "GOV.UK: Tuberculosis tests for visa applicants", href: "https://www.gov.uk/tb-test-visa" },
      ],
      items: [
        {
          key: "marriage-certificate",
          label: "Marriage certificate",
          hint: "The certificate from the registry or court, or a certified copy; a church or traditional certificate alone is not enough.",
          required: true,
          documentType: "marriage_certificate",
        },
        {
          key: "partner-status",
          label: "Your partner's British passport or settled status",
          hint: "The photo page of their British passport, or their eVisa share code showing settled or refugee status.",
          required: true,
          documentType: "other",
        },
        {
          key: "partner-bank-statement",
          label: "Your partner's bank statements",
          hint: "The last 6 months, showing the salary that meets the income requirement paid in each month.",
          required: true,
          documentType: "bank_statement",
        },
        {
          key: "partner-employment-letter",
          label: "Your partner's employment letter",
          hint: "From their UK employer, dated in the last month: job, salary, start date and type of contract.",
          required: true,
          documentType: "employment_letter",
        },
        {
          key: "english-test",
          label: "English language test",
          hint: "A Secure English Language Test at A1 or above from an approved provider, or a degree taught in English.",
          required: true,
          documentType: "other",
        },
        relationshipEvidence,
        {
          key: "uk-accommodation",
          label: "Proof of accommodation in the UK",
          hint: "A tenancy agreement or title deeds, and the landlord's permission if you will live in someone else's home.",
          required: true,
          documentType: "other",
        },
        tbTest,
        {
          key: "birth-certificate",
          label: "Children's birth certificates",
          hint: "For any child applying with you: the certificate naming both parents.",
          required: false,
          documentType: "birth_certificate",
        },
      ],
    },
    study: {
      visa: "Student visa",
      reviewed,
      sources: [
        { label: "GOV.UK: Student visa", href: "https://www.gov.uk/student-visa" },
        { label: "GOV.UK: Student visa, money you need", href: "https://www.gov.uk/student-visa/money" },
        { label: "GOV.UK: Tuberculosis tests for visa applicants", href: "https://www.gov.uk/tb-test-visa" },
      ],
      items: [
        {
          key: "cas",
          label: "CAS (Confirmation of Acceptance for Studies)",
          hint: "The CAS statement from your university, with its reference number, course, dates and fees already paid.",
          required: true,
          documentType: "admission_letter",
        },
        {
          key: "bank-statement",
          label: "Proof of funds",
          hint: "Course fees still owed plus living costs, held for 28 days in a row, the statement dated within 31 days of applying.",
          required: true,
          documentType: "bank_statement",
        },
        {
          key: "transcripts",
          label: "Certificates and transcripts",
          hint: "The WAEC/NECO results, degree certificates and transcripts your CAS lists, in English.",
          required: true,
          documentType: "transcript",
        },
        {
          key: "english-test",
          label: "English language evidence",
          hint: "The test result your CAS names (for example IELTS for UKVI), if your university did not assess it itself.",
          required: false,
          documentType: "other",
        },
        tbTest,
        {
          key: "parent-consent",
          label: "Parents' letter and birth certificate",
          hint: "If the money is in a parent's account: their letter agreeing to fund you, with your birth certificate naming them.",
          required: false,
          documentType: "birth_certificate",
        },
        {
          key: "atas-certificate",
          label: "ATAS certificate",
          hint: "Only for the science and engineering courses whose CAS says an ATAS certificate is needed.",
          required: false,
          documentType: "other",
        },
      ],
    },
    work: {
      visa: "Skilled Worker visa",
      reviewed,
      sources: [
        { label: "GOV.UK: Skilled Worker visa", href: "https://www.gov.uk/skilled-worker-visa" },
        { label: "GOV.UK: Skilled Worker visa, documents you'll need", href: "https://www.gov.uk/skilled-worker-visa/documents-you-need-to-apply" },
        { label: "GOV.UK: Tuberculosis tests for visa applicants", href: "https://www.gov.uk/tb-test-visa" },
      ],
      items: [
        {
          key: "certificate-of-sponsorship",
          label: "Certificate of Sponsorship and job offer",
          hint: "The CoS reference from a licensed UK sponsor, with the job title, occupation code and salary it states.",
          required: true,
          documentType: "employment_letter",
        },
        {
          key: "english-test",
          label: "English language evidence",
          hint: "A Secure English Language Test at B2, or a degree taught in English confirmed by Ecctis.",
          required: true,
          documentType: "other",
        },
        tbTest,
        {
          key: "bank-statement",
          label: "Proof of funds",
          hint: "Savings held for 28 days in a row, dated within 31 days of applying, unless your sponsor certifies maintenance on the CoS.",
          required: false,
          documentType: "bank_statement",
        },
        {
          key: "qualifications",
          label: "Qualifications",
          hint: "Degree certificate and transcripts, if your job or the salary rules depend on them.",
          required: false,
          documentType: "transcript",
        },
        {
          key: "criminal-record-certificate",
          label: "Criminal record certificate",
          hint: "For health, care and education jobs: a police character certificate from the Nigeria Police Force, issued in the last 6 months.",
          required: false,
          documentType: "other",
        },
      ],
    },
  },
};
