// The documents a Nigerian applicant is asked for, per visa type, for the United States.
import { businessRegistration, policeCertificate, travelHistory } from "./common.ts";
import type { CatalogueItem, DestinationRequirements } from "./types.ts";

const reviewed = "2026-11-27";
const mission = { label: "U.S. Mission Nigeria: visas", href: "https://ng.usembassy.gov/visas/" };
const visitorSources = [
  mission,
  { label: "U.S. Department of State: visitor visa", href: "https://travel.state.gov/content/travel/en/us-visas/tourism-visit/visitor.html" },
  { label: "U.S. Department of State: DS-160 online application", href: "https://ceac.state.gov/genniv/" },
];
const ds160: CatalogueItem = {
  key: "ds160-confirmation",
  label: "DS-160 confirmation page",
  hint: "The page with the barcode printed after you submit the online DS-160; its details must match your passport exactly.",
  required: true,
  documentType: "other",
};
const appointment: CatalogueItem = {
  key: "appointment-confirmation",
  label: "Visa fee receipt and interview appointment",
  hint: "The MRV fee payment receipt and the appointment letter for the embassy in Abuja or the consulate in Lagos.",
  required: true,
  documentType: "other",
};
const bank: CatalogueItem = {
  key: "bank-statement",
  label: "Bank statements",
  hint: "Your last 6 months, stamped by the bank; not sent with the form, but the consular officer may ask for them at the interview.",
  required: false,
  documentType: "bank_statement",
};
const job: CatalogueItem = {
  key: "employment-letter",
  label: "Employment letter",
  hint: "On company letterhead: your role, salary, time in the job and approved leave; it shows the ties that bring you back.",
  required: false,
  documentType: "employment_letter",
};

export const unitedStates: DestinationRequirements = {
  destination: "United States",
  aliases: ["USA", "U.S.A.", "US", "U.S.", "United States of America", "America", "the States"],
  lists: {
    tourist: {
      visa: "B1/B2 visitor visa",
      reviewed,
      sources: visitorSources,
      items: [
        ds160,
        appointment,
        bank,
        job,
        {
          key: "invitation-letter",
          label: "Invitation letter",
          hint: "If you visit family or friends: their letter with their US status and address; the officer decides on your own ties, not theirs.",
          required: false,
          documentType: "invitation_letter",
        },
        travelHistory,
      ],
    },
    business: {
      visa: "B1/B2 visitor visa (business)",
      reviewed,
      sources: visitorSources,
      items: [
        ds160,
        appointment,
        {
          key: "invitation-letter",
          label: "Letter from the US company or event",
          hint: "Who invites you, the meetings, conference or trade fair, the dates and who pays.",
          required: false,
          documentType: "invitation_letter",
        },
        { ...job, hint: "On company letterhead: your role, salary and that your employer sends you on this trip and expects you back." },
        bank,
        businessRegistration,
        travelHistory,
      ],
    },
    study: {
      visa: "F-1 student visa",
      reviewed,
      sources: [
        mission,
        { label: "U.S. Department of State: student visa", href: "https://travel.state.gov/content/travel/en/us-visas/study/student-visa.html" },
        { label: "Study in the States: I-901 SEVIS fee", href: "https://studyinthestates.dhs.gov/students/prepare/paying-the-i-901-sevis-fee" },
      ],
      items: [
        {
          key: "form-i20",
          label: "Form I-20",
          hint: "Issued by your school and signed by you, with your SEVIS ID, course dates and the costs it estimates.",
          required: true,
          documentType: "admission_letter",
        },
        {
          key: "sevis-fee-receipt",
          label: "I-901 SEVIS fee receipt",
          hint: "The receipt printed after paying the SEVIS fee online, with the same SEVIS ID as your I-20.",
          required: true,
          documentType: "other",
        },
        ds160,
        appointment,
        {
          key: "bank-statement",
          label: "Proof of funds",
          hint: "Statements of you or your sponsor covering at least the first year's costs on the I-20, or a scholarship letter.",
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
          key: "test-scores",
          label: "Test scores",
          hint: "TOEFL, IELTS, SAT, GRE or GMAT results your school used to admit you.",
          required: false,
          documentType: "other",
        },
      ],
    },
    work: {
      visa: "H-1B or other temporary work visa",
      reviewed,
      sources: [
        mission,
        {
          label: "U.S. Department of State: temporary worker visas",
          href: "https://travel.state.gov/content/travel/en/us-visas/employment/temporary-worker-visas.html",
        },
      ],
      items: [
        {
          key: "petition-approval",
          label: "Approved petition (Form I-797)",
          hint: "USCIS's approval notice of the petition your US employer filed, with its receipt number.",
          required: true,
          documentType: "other",
        },
        {
          key: "employment-letter",
          label: "Job offer from the US employer",
          hint: "The offer or contract naming the job, salary, place of work and dates, matching the petition.",
          required: true,
          documentType: "employment_letter",
        },
        ds160,
        appointment,
        {
          key: "qualifications",
          label: "Degree certificates and transcripts",
          hint: "The degrees the petition relies on, with an evaluation of their US equivalence if your employer had one made.",
          required: true,
          documentType: "transcript",
        },
        {
          key: "experience-letters",
          label: "Reference letters from past employers",
          hint: "On letterhead: your job titles, dates and duties, where the petition relies on your experience.",
          required: false,
          documentType: "other",
        },
      ],
    },
    family: {
      visa: "Family-based immigrant visa (IR/CR)",
      reviewed,
      sources: [
        mission,
        {
          label: "U.S. Department of State: immigrate through a family member",
          href: "https://travel.state.gov/content/travel/en/us-visas/immigrate/family-immigration.html",
        },
        {
          label: "U.S. Department of State: Nigeria reciprocity (civil documents)",
          href: "https://travel.state.gov/content/travel/en/us-visas/Visa-Reciprocity-and-Civil-Documents-by-Country/Nigeria.html",
        },
      ],
      items: [
        {
          key: "petition-approval",
          label: "Approved I-130 petition",
          hint: "USCIS's approval notice (Form I-797) of the petition your relative filed, and your NVC case number.",
          required: true,
          documentType: "other",
        },
        {
          key: "ds260-confirmation",
          label: "DS-260 confirmation page",
          hint: "Printed after you submit the online immigrant visa application at the National Visa Center.",
          required: true,
          documentType: "other",
        },
        {
          key: "birth-certificate",
          label: "Birth certificate",
          hint: "From the National Population Commission; a late-registered certificate may need a sworn statement from a parent.",
          required: true,
          documentType: "birth_certificate",
        },
        {
          key: "marriage-certificate",
          label: "Marriage certificate",
          hint: "From the registry or court, if you immigrate as a spouse or your parents' marriage matters to the case.",
          required: false,
          documentType: "marriage_certificate",
        },
        {
          key: "affidavit-of-support",
          label: "Affidavit of support (Form I-864)",
          hint: "Signed by your US relative, with their latest tax return and proof of their income.",
          required: true,
          documentType: "other",
        },
        policeCertificate,
        {
          key: "medical-exam",
          label: "Medical examination",
          hint: "Done by a panel physician the embassy names, in sealed results; book it once your interview date is set.",
          required: false,
          documentType: "other",
        },
      ],
    },
  },
};
