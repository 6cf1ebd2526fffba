// Study in the UK: the copy of /services/study-uk.
import type { ServicePage } from "../types.ts";

export const studyUk: ServicePage = {
  slug: "study-uk",
  title: "Study in the UK",
  metaDescription:
    "Study in the UK from Nigeria: one-year master's degrees, CAS and student visa support, TB test guidance and the Graduate Route: 2 years, or 18 months from 2027.",
  eyebrow: "Study Abroad",
  intro: [
    "UK universities are a long-standing favourite for Nigerian students. Many master's degrees take just one year, and eligible graduates can stay on through the post-study work visa (Graduate Route) to gain UK work experience: 2 years for applications made by 31 December 2026, and 18 months for applications made from 1 January 2027 (3 years after a PhD).",
    "We help you choose the right course, secure your CAS and prepare a student visa application that meets the Home Office's financial and English language rules. Please note that most taught master's students can no longer bring dependants; research degree students may still do so.",
  ],
  requirements: [
    "Confirmation of Acceptance for Studies (CAS) from a licensed university",
    "WAEC/NECO results, or degree certificate and transcripts for postgraduate study",
    "English language evidence accepted by your university, such as IELTS for UKVI",
    "Tuition balance and living costs held in a bank account for 28 consecutive days",
    "TB test certificate from a Home Office-approved clinic in Nigeria",
    "Valid international passport and payment of the Immigration Health Surcharge",
  ],
  benefits: [
    "One-year master's degrees that save on tuition and living costs",
    "The 2-year post-study work visa (Graduate Route) after a bachelor's or master's degree, for applications made by 31 December 2026; 18 months from 1 January 2027",
    "Part-time work during term time within the limits on your visa",
    "Help with statements of purpose, CAS interviews and credibility checks",
    "Support with TB test booking and biometrics at TLScontact in Lagos or Abuja",
  ],
  process: [
    { step: "Course Selection", description: "We shortlist courses and universities that fit your background, budget and career plans." },
    {
      step: "Offer & CAS",
      description: "We help you apply, meet any offer conditions, pay your deposit and prepare for any credibility interview.",
    },
    {
      step: "Visa Application",
      description: "We check your 28-day funds, TB certificate and CAS details, then help you apply and attend biometrics.",
    },
    { step: "Arrival", description: "We help you plan accommodation, flights and your first weeks on campus." },
  ],
  ctaLabel: "Plan Your UK Studies",
  highlights: ["1-year master's degrees", "Graduate Route after your degree", "September & January intakes"],
  review: {
    lastReviewed: "November 2026",
    sources: [
      { label: "GOV.UK: Graduate visa", href: "https://www.gov.uk/graduate-visa" },
      { label: "GOV.UK: Student visa", href: "https://www.gov.uk/student-visa" },
      { label: "GOV.UK: Tuberculosis tests for visa applicants", href: "https://www.gov.uk/tb-test-visa" },
    ],
  },
};
