// The documents a Nigerian applicant is asked for, per visa type, for Germany.
import { businessRegistration, cv, travelHistory } from "./common.ts";
import {
  blockedAccount,
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
const mission = {
  label: "German Missions in Nigeria: visa application procedure",
  href: "https://nigeria.diplo.de/ng-en/service/visa/visa-application-procedure/1504734",
};
const nationalForm: CatalogueItem = {
  key: "application-form",
  label: "National visa application form (VIDEX)",
  hint: "Filled in online, printed twice and signed; the barcode page must be included.",
  required: true,
  documentType: "other",
};
const healthInsurance: CatalogueItem = {
  key: "health-insurance",
  label: "Health insurance",
  hint: "Valid in Germany from the day you arrive until your German insurance starts.",
  required: true,
  documentType: "other",
};
const languageCertificate = (hint: string, required: boolean): CatalogueItem => ({
  key: "language-certificate",
  label: "Language certificate",
  hint,
  required,
  documentType: "other",
});

export const germany: DestinationRequirements = {
  destination: "Germany",
  aliases: ["Deutschland", "Federal Republic of Germany"],
  lists: {
    tourist: {
      visa: "Schengen short-stay visa (tourism or visiting family)",
      reviewed,
      sources: [mission, schengenSource],
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
          label: "Invitation letter",
          hint: "If you visit family or friends: their letter, and a formal obligation (Verpflichtungserklärung) if they pay for you.",
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
      sources: [mission, schengenSource],
      items: [
        schengenForm,
        {
          key: "invitation-letter",
          label: "Invitation from the German company",
          hint: "On letterhead, signed: the purpose, the dates, your contact there and who pays the costs.",
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
      visa: "National visa for study",
      reviewed,
      sources: [mission, { label: "Federal Foreign Office: visas for Germany", href: "https://www.auswaertiges-amt.de/en/visa-service" }],
      items: [
        nationalForm,
        {
          key: "admission-letter",
          label: "University admission letter",
          hint: "The Zulassungsbescheid from your German university, or conditional admission with a language course.",
          required: true,
          documentType: "admission_letter",
        },
        blockedAccount,
        {
          key: "transcripts",
          label: "Certificates and transcripts",
          hint: "WAEC/NECO results and degree certificates with transcripts, as your university's admission was based on them.",
          required: true,
          documentType: "transcript",
        },
        languageCertificate("German or English certificate at the level your course asks for.", true),
        healthInsurance,
        {
          key: "motivation-letter",
          label: "Letter of motivation",
          hint: "Why this course in Germany, how it follows your studies so far and your plans after it.",
          required: true,
          documentType: "other",
        },
      ],
    },
    work: {
      visa: "EU Blue Card or skilled worker visa",
      reviewed,
      sources: [
        mission,
        { label: "Make it in Germany: EU Blue Card", href: "https://www.make-it-in-germany.com/en/visa-residence/types/eu-blue-card" },
        { label: "Recognition in Germany", href: "https://www.anerkennung-in-deutschland.de/html/en/" },
      ],
      items: [
        nationalForm,
        {
          key: "employment-contract",
          label: "Employment contract or job offer",
          hint: "Signed by the German employer: job, salary, hours and start date.",
          required: true,
          documentType: "employment_letter",
        },
        {
          key: "employment-declaration",
          label: "Declaration on the employment relationship",
          hint: "The Federal Employment Agency's form (Erklärung zum Beschäftigungsverhältnis), filled in and signed by the employer.",
          required: true,
          documentType: "other",
        },
        {
          key: "qualifications",
          label: "Degree certificate and transcripts",
          hint: "Your degree or vocational certificate with its transcripts, as the recognition was based on them.",
          required: true,
          documentType: "transcript",
        },
        {
          key: "recognition",
          label: "Recognition of your qualification",
          hint: "The anabin listing of your degree, a ZAB statement of comparability, or a recognition notice for your profession.",
          required: true,
          documentType: "other",
        },
        cv,
        healthInsurance,
        languageCertificate("Only where your job or route asks for German.", false),
      ],
    },
    family: {
      visa: "Family reunion visa (spouse or child)",
      reviewed,
      sources: [mission, { label: "Federal Foreign Office: visas for Germany", href: "https://www.auswaertiges-amt.de/en/visa-service" }],
      items: [
        nationalForm,
        {
          key: "marriage-certificate",
          label: "Marriage certificate",
          hint: "From the registry or court; the mission may have it verified, which takes extra weeks.",
          required: true,
          documentType: "marriage_certificate",
        },
        {
          key: "birth-certificate",
          label: "Birth certificate",
          hint: "Yours, and each child's, from the National Population Commission.",
          required: true,
          documentType: "birth_certificate",
        },
        {
          key: "partner-residence",
          label: "Your partner's passport and residence permit",
          hint: "Copies of their passport and German residence permit, or their German ID card.",
          required: true,
          documentType: "other",
        },
        {
          key: "partner-housing",
          label: "Your partner's housing and income",
          hint: "Their tenancy agreement and latest 3 payslips: enough room and income for the family.",
          required: true,
          documentType: "other",
        },
        languageCertificate(
          "German A1 from a recognised provider (Goethe-Institut in Lagos, telc or ÖSD), unless your partner's permit exempts you.",
          false,
        ),
      ],
    },
  },
};
