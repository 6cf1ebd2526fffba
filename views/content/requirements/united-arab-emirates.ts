// The documents a Nigerian applicant is asked for, per visa type, for the United Arab Emirates.
import { businessRegistration, policeCertificate, travelHistory } from "./common.ts";
import type { CatalogueItem, DestinationRequirements } from "./types.ts";

const reviewed = "2026-11-27";
const uae = "https://u.ae/en/information-and-services/visa-and-emirates-id";
const portal = { label: "UAE government portal: visas and Emirates ID", href: uae };
const icp = { label: "Federal Authority for Identity, Citizenship, Customs and Port Security (ICP)", href: "https://icp.gov.ae/en/" };
const visitSources = [portal, icp, { label: "GDRFA Dubai", href: "https://gdrfad.gov.ae/en" }];
const bank: CatalogueItem = {
  key: "bank-statement",
  label: "Bank statements",
  hint: "Your last 6 months, stamped by the bank; the balance the UAE asks of Nigerian visitors changes, so we confirm it with you.",
  required: true,
  documentType: "bank_statement",
};
const ticket: CatalogueItem = {
  key: "return-ticket",
  label: "Confirmed return ticket",
  hint: "A return booking with the dates of your stay.",
  required: true,
  documentType: "other",
};
const hotel: CatalogueItem = {
  key: "accommodation",
  label: "Hotel booking or host's tenancy",
  hint: "A confirmed hotel booking for every night, or your host's Ejari tenancy contract.",
  required: true,
  documentType: "other",
};
const attested = "attested by Nigeria's Ministry of Foreign Affairs and the UAE Embassy in Abuja";

export const unitedArabEmirates: DestinationRequirements = {
  destination: "United Arab Emirates",
  aliases: ["UAE", "U.A.E.", "Emirates", "Dubai", "Abu Dhabi", "Sharjah", "Dubai/UAE", "Dubai UAE"],
  lists: {
    tourist: {
      visa: "Tourist visa (30 or 60 days)",
      reviewed,
      sources: visitSources,
      items: [
        bank,
        ticket,
        hotel,
        {
          key: "employment-letter",
          label: "Employment letter",
          hint: "On company letterhead: role, salary and approved leave.",
          required: false,
          documentType: "employment_letter",
        },
        {
          key: "invitation-letter",
          label: "Host's invitation and Emirates ID",
          hint: "If a UAE resident sponsors your visit: their letter with copies of their passport, residence visa and Emirates ID.",
          required: false,
          documentType: "invitation_letter",
        },
        travelHistory,
      ],
    },
    business: {
      visa: "Visit visa (business)",
      reviewed,
      sources: visitSources,
      items: [
        {
          key: "invitation-letter",
          label: "Invitation from the UAE company",
          hint: "On letterhead: the purpose and dates, with a copy of the company's trade licence.",
          required: true,
          documentType: "invitation_letter",
        },
        {
          key: "employment-letter",
          label: "Letter from your employer",
          hint: "On letterhead: your role and that your employer sends you on this trip.",
          required: true,
          documentType: "employment_letter",
        },
        bank,
        ticket,
        hotel,
        businessRegistration,
      ],
    },
    study: {
      visa: "Student residence visa",
      reviewed,
      sources: [portal, icp, { label: "UAE government portal: student visa", href: `${uae}/residence-visas/residence-visa-for-students` }],
      items: [
        {
          key: "admission-letter",
          label: "University admission letter",
          hint: "From a licensed UAE university, which then sponsors your entry permit and residence visa.",
          required: true,
          documentType: "admission_letter",
        },
        {
          key: "transcripts",
          label: "Certificates and transcripts",
          hint: `WAEC/NECO results and degree certificates, ${attested}.`,
          required: true,
          documentType: "transcript",
        },
        {
          key: "tuition-receipt",
          label: "Tuition fee receipt",
          hint: "The university's receipt for the first term or year's fees.",
          required: true,
          documentType: "other",
        },
        {
          key: "bank-statement",
          label: "Sponsor's bank statements",
          hint: "The last 6 months of the parent or sponsor who pays, with their letter of support.",
          required: true,
          documentType: "bank_statement",
        },
      ],
    },
    work: {
      visa: "Employment visa (entry permit and residence visa)",
      reviewed,
      sources: [portal, icp, { label: "Ministry of Human Resources and Emiratisation", href: "https://www.mohre.gov.ae/en" }],
      items: [
        {
          key: "job-offer",
          label: "Signed offer letter",
          hint: "The offer on the Ministry of Human Resources and Emiratisation (MOHRE) form, signed by you and the employer.",
          required: true,
          documentType: "employment_letter",
        },
        {
          key: "qualifications",
          label: "Degree certificate",
          hint: `For skilled jobs: your highest certificate, ${attested}.`,
          required: true,
          documentType: "transcript",
        },
        { ...policeCertificate, required: false, hint: "From the Nigeria Police Force (CID), if your employer or your profession asks for one." },
        {
          key: "experience-letters",
          label: "Reference letters from past employers",
          hint: "On letterhead: your job titles, dates and duties.",
          required: false,
          documentType: "other",
        },
      ],
    },
    family: {
      visa: "Family residence visa (sponsored by a UAE resident)",
      reviewed,
      sources: [
        portal,
        icp,
        { label: "UAE government portal: residence visa for family members", href: `${uae}/residence-visas/residence-visa-for-family-members` },
      ],
      items: [
        {
          key: "marriage-certificate",
          label: "Marriage certificate",
          hint: `From the registry or court, ${attested}, with an Arabic translation.`,
          required: true,
          documentType: "marriage_certificate",
        },
        {
          key: "birth-certificate",
          label: "Children's birth certificates",
          hint: `For each child: ${attested}.`,
          required: false,
          documentType: "birth_certificate",
        },
        {
          key: "sponsor-residence",
          label: "Your sponsor's residence visa and Emirates ID",
          hint: "Copies of the passport, residence visa and Emirates ID of the family member who sponsors you.",
          required: true,
          documentType: "other",
        },
        {
          key: "sponsor-salary",
          label: "Your sponsor's salary certificate",
          hint: "From their employer, or their labour contract, showing the salary the family visa requires.",
          required: true,
          documentType: "employment_letter",
        },
        {
          key: "sponsor-tenancy",
          label: "Your sponsor's tenancy contract",
          hint: "The registered (Ejari) tenancy of the home you will live in.",
          required: true,
          documentType: "other",
        },
      ],
    },
  },
};
