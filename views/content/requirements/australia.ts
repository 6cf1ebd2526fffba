// The documents a Nigerian applicant is asked for, per visa type, for Australia.
import { businessRegistration, cv, policeCertificate, relationshipEvidence, travelHistory } from "./common.ts";
import type { CatalogueItem, DestinationRequirements } from "./types.ts";

const reviewed = "2026-11-27";
const immi = "https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing";
const highCommission = {
  label: "Australian High Commission, Nigeria: visas and migration",
  href: "https://nigeria.highcommission.gov.au/aaja/Visas_and_Migration.html",
};
const visitorSources = [highCommission, { label: "Department of Home Affairs: Visitor visa (subclass 600)", href: `${immi}/visitor-600` }];
const bank: CatalogueItem = {
  key: "bank-statement",
  label: "Bank statements",
  hint: "Your last 3 to 6 months, stamped by the bank, showing enough for the trip and income that continues while you are away.",
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
const englishTest: CatalogueItem = {
  key: "english-test",
  label: "English test result",
  hint: "IELTS, PTE Academic or another test Home Affairs accepts, taken within the period your visa allows.",
  required: true,
  documentType: "other",
};

export const australia: DestinationRequirements = {
  destination: "Australia",
  aliases: ["Commonwealth of Australia"],
  lists: {
    tourist: {
      visa: "Visitor visa (subclass 600, tourist stream)",
      reviewed,
      sources: visitorSources,
      items: [
        bank,
        job,
        {
          key: "itinerary",
          label: "Travel plan",
          hint: "Where you will go and stay each day, with bookings or your host's address.",
          required: true,
          documentType: "other",
        },
        {
          key: "invitation-letter",
          label: "Invitation letter",
          hint: "If you visit family or friends: their letter with their Australian status and address.",
          required: false,
          documentType: "invitation_letter",
        },
        businessRegistration,
        travelHistory,
      ],
    },
    business: {
      visa: "Visitor visa (subclass 600, business visitor stream)",
      reviewed,
      sources: visitorSources,
      items: [
        {
          key: "invitation-letter",
          label: "Letter from the Australian business or event",
          hint: "Who invites you, the meetings or conference, the dates and who pays.",
          required: true,
          documentType: "invitation_letter",
        },
        { ...job, hint: "On company letterhead: your role and that your employer sends you on this trip and pays for it." },
        bank,
        businessRegistration,
        travelHistory,
      ],
    },
    study: {
      visa: "Student visa (subclass 500)",
      reviewed,
      sources: [highCommission, { label: "Department of Home Affairs: Student visa (subclass 500)", href: `${immi}/student-500` }],
      items: [
        {
          key: "confirmation-of-enrolment",
          label: "CoE (Confirmation of Enrolment)",
          hint: "Issued by your Australian school after you accept the offer and pay the deposit, with its CoE code.",
          required: true,
          documentType: "admission_letter",
        },
        {
          key: "genuine-student-statement",
          label: "Genuine student answers",
          hint: "Your written answers on why this course in Australia, your ties to Nigeria and your plans, with evidence.",
          required: true,
          documentType: "other",
        },
        {
          key: "bank-statement",
          label: "Proof of funds",
          hint: "Tuition, travel and the yearly living-cost amount Home Affairs sets, in your or a sponsor's accounts, with the source explained.",
          required: true,
          documentType: "bank_statement",
        },
        {
          key: "health-cover",
          label: "Overseas student health cover (OSHC)",
          hint: "A policy for the whole stay, usually arranged through your school.",
          required: true,
          documentType: "other",
        },
        englishTest,
        {
          key: "transcripts",
          label: "Transcripts and certificates",
          hint: "WAEC/NECO results, degree certificates and transcripts from your schools.",
          required: true,
          documentType: "transcript",
        },
      ],
    },
    work: {
      visa: "Skills in Demand visa (subclass 482)",
      reviewed,
      sources: [highCommission, { label: "Department of Home Affairs: Skills in Demand visa (subclass 482)", href: `${immi}/skills-in-demand-482` }],
      items: [
        {
          key: "employment-contract",
          label: "Employment contract",
          hint: "Signed by your approved Australian sponsor, for the nominated job, salary and hours.",
          required: true,
          documentType: "employment_letter",
        },
        {
          key: "nomination",
          label: "Nomination approval",
          hint: "Home Affairs' approval of your employer's nomination, or its transaction reference number.",
          required: true,
          documentType: "other",
        },
        {
          key: "skills-assessment",
          label: "Skills assessment",
          hint: "From the assessing authority for your occupation, where the occupation needs one.",
          required: false,
          documentType: "other",
        },
        {
          key: "qualifications",
          label: "Qualifications",
          hint: "Degree or trade certificates and transcripts for the nominated job.",
          required: true,
          documentType: "transcript",
        },
        englishTest,
        cv,
        policeCertificate,
      ],
    },
    family: {
      visa: "Partner visa (subclass 309/100)",
      reviewed,
      sources: [highCommission, { label: "Department of Home Affairs: Partner visa (offshore)", href: `${immi}/partner-offshore` }],
      items: [
        {
          key: "marriage-certificate",
          label: "Marriage certificate",
          hint: "From the registry or court; a de facto couple shows 12 months of living together instead.",
          required: false,
          documentType: "marriage_certificate",
        },
        relationshipEvidence,
        {
          key: "sponsor-status",
          label: "Your sponsor's proof of status",
          hint: "Their Australian passport, citizenship certificate or permanent visa.",
          required: true,
          documentType: "other",
        },
        {
          key: "birth-certificate",
          label: "Birth certificate",
          hint: "Yours, and each child's included in the application, from the National Population Commission.",
          required: true,
          documentType: "birth_certificate",
        },
        policeCertificate,
      ],
    },
  },
};
