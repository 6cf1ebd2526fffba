// Study in Australia: the copy of /services/study-australia.
import type { ServicePage } from "../types.ts";

export const studyAustralia: ServicePage = {
  slug: "study-australia",
  title: "Study in Australia",
  metaDescription:
    "Study in Australia from Nigeria: CoE, Genuine Student statement, OSHC cover, financial capacity and work rights of 20 hours/week while studying. Book a session.",
  eyebrow: "Study Abroad",
  intro: [
    "Australia combines world-class universities with a relaxed lifestyle and strong graduate employment. Students may work 20 hours/week while studying, which falls within the current limit of 48 hours per fortnight during term, and without a limit during scheduled breaks.",
    "We help you choose a course, secure your Confirmation of Enrolment (CoE) and prepare a student visa (subclass 500) application that meets the Genuine Student and financial capacity requirements.",
  ],
  requirements: [
    "Confirmation of Enrolment (CoE) from a registered Australian institution",
    "Genuine Student (GS) statement explaining your study plans",
    "Evidence of financial capacity for tuition, living costs and travel",
    "Overseas Student Health Cover (OSHC) for your whole stay",
    "English test results such as IELTS, PTE or TOEFL",
    "WAEC/NECO results, or degree certificate and transcripts",
    "Health examination with an approved panel physician",
  ],
  benefits: [
    "Students may work 20 hours/week while studying, well within the 48 hours per fortnight limit",
    "Possible Temporary Graduate visa (subclass 485) after eligible study",
    "Help writing a clear and honest Genuine Student statement",
    "Advice on scholarships and tuition discounts for international students",
    "Support with OSHC, accommodation and pre-departure planning",
  ],
  process: [
    { step: "Course Selection", description: "We shortlist universities and courses that match your grades, budget and career goals." },
    { step: "Offer & CoE", description: "We help you apply, accept your offer, pay your deposit and buy OSHC so your CoE can be issued." },
    {
      step: "Visa Application",
      description: "We prepare your GS statement and financial evidence and submit your application through ImmiAccount.",
    },
    { step: "Arrival", description: "Once your visa is granted, we help with flights, accommodation and your orientation plans." },
  ],
  ctaLabel: "Plan Your Australian Studies",
  highlights: ["Work 20 hours/week while studying", "Post-study work visa", "February & July intakes"],
  review: {
    lastReviewed: "November 2026",
    sources: [
      {
        label: "Department of Home Affairs: Student visa (subclass 500)",
        href: "https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/student-500",
      },
      {
        label: "Department of Home Affairs: global visa processing times",
        href: "https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-processing-times/global-visa-processing-times",
      },
    ],
  },
};
