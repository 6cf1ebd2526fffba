// New Zealand Immigration: the copy of /services/new-zealand-immigration.
import type { ServicePage } from "../types.ts";

export const newZealandImmigration: ServicePage = {
  slug: "new-zealand-immigration",
  title: "New Zealand Immigration",
  metaDescription:
    "New Zealand from Nigeria: Accredited Employer Work Visa, Skilled Migrant residence on six points, student, partner and visitor visas, all applied for online with INZ.",
  eyebrow: "Immigration",
  intro: [
    "New Zealand's main way in for skilled Nigerians is a job with an accredited employer, followed by residence through the Skilled Migrant Category once you reach six points from your qualification, pay or professional registration.",
    "New Zealand has no embassy or visa application centre in Nigeria: applications are made online with Immigration New Zealand (INZ) and decided on the papers, without an interview to explain a weak file. We make sure every document answers the questions an officer will ask.",
  ],
  requirements: [
    "Valid international passport",
    "Job offer from an accredited New Zealand employer, for work routes",
    "Qualification assessment by the New Zealand Qualifications Authority (NZQA) where your route needs one",
    "English evidence where the visa asks for it",
    "Police certificates from Nigeria and from countries where you lived for five years or more since age 17",
    "Chest X-ray for stays over six months and a full medical for stays over 12 months, from an INZ-approved panel physician",
    "Evidence of funds and of your reasons to return, for visitor and student visas",
  ],
  benefits: [
    "A check of your six-point eligibility before you accept a job offer",
    "Help confirming that an employer is accredited and that the job check has been done",
    "A document plan for an application decided without an interview",
    "Guidance on panel physicians for medicals and chest X-rays",
    "Partner and family planning from the start of your move",
  ],
  process: [
    { step: "Eligibility", description: "We check your qualification, pay and registration against New Zealand's work and residence rules." },
    { step: "Job & Employer", description: "We confirm the employer's accreditation and the job details before you apply." },
    { step: "Online Application", description: "We help you complete the INZ online application and upload a complete file." },
    { step: "Decision", description: "We answer any request from INZ with you and plan your arrival once the visa is approved." },
  ],
  ctaLabel: "Plan Your Move to New Zealand",
  highlights: ["Accredited employer jobs", "Six-point Skilled Migrant residence", "Applied for online"],
  routes: [
    {
      purpose: "Work",
      visa: "Accredited Employer Work Visa (AEWV)",
      documents: [
        "Job offer from an accredited employer, with the job check approved by INZ",
        "Evidence of the qualifications or experience the job needs",
        "Police certificates and medical certificates as required",
      ],
      money: "The job must pay at least the rate INZ sets for the visa; application fees are set by INZ and change from time to time.",
      processing: "Depends on INZ's current queues, which INZ publishes for each visa.",
    },
    {
      purpose: "Study",
      visa: "Fee Paying Student Visa",
      documents: [
        "Offer of place from an approved New Zealand education provider",
        "Evidence of tuition fees paid or arranged",
        "Academic documents and English results for your course",
      ],
      money: "Evidence of funds for living costs at INZ's current yearly amount, on top of tuition, and a return ticket or money for one.",
      processing: "Depends on INZ's current queues; apply well before your intake.",
    },
    {
      purpose: "Family",
      visa: "Partner of a New Zealander, or partner of a worker or student",
      documents: [
        "Evidence that you live together in a genuine and stable relationship",
        "Your partner's citizenship, residence or visa details",
        "Marriage certificate where you are married",
      ],
      money: "Application fee set by INZ; your partner supports the application.",
      processing: "Depends on INZ's current queues.",
    },
    {
      purpose: "Visit",
      visa: "Visitor Visa",
      documents: [
        "Bank statements showing money for your stay",
        "Employment letter with approved leave, or business documents",
        "Onward or return ticket, and an invitation where you visit family",
      ],
      money: "Funds for your stay and a return ticket; INZ sets both the fee and the amount it expects per month of stay.",
      processing: "Depends on INZ's current queues; apply well before travel.",
    },
    {
      purpose: "Residence",
      visa: "Skilled Migrant Category Resident Visa",
      documents: [
        "Six points from a New Zealand or recognised qualification, pay of at least 1.5 times the median wage, or occupational registration, topped up by skilled work in New Zealand",
        "Job or job offer with an accredited employer",
        "Health, character and English evidence",
      ],
      money: "Application fee set by INZ; the median wage used for pay points is updated each year.",
      processing: "Depends on INZ's current queues, after an Expression of Interest is selected.",
    },
  ],
  lodging: [
    "There is no New Zealand visa application centre in Lagos or Abuja: visas are applied for online with Immigration New Zealand.",
    "Send your passport only if INZ asks for it; most visas are issued electronically.",
    "Medicals and chest X-rays are done with an INZ-approved panel physician, and police certificates come from the Nigeria Police Force.",
  ],
  review: {
    lastReviewed: "November 2026",
    sources: [
      { label: "Immigration New Zealand: visas, fees and processing times", href: "https://www.immigration.govt.nz/" },
      { label: "New Zealand Qualifications Authority: international qualification assessment", href: "https://www.nzqa.govt.nz/" },
    ],
  },
};
