// Study in Canada: the copy of /services/study-canada.
import type { ServicePage } from "../types.ts";

export const studyCanada: ServicePage = {
  slug: "study-canada",
  title: "Study in Canada",
  metaDescription:
    "Study in Canada from Nigeria: DLI admissions, provincial attestation letters, proof of funds, study permit biometrics and post-graduation work permit advice.",
  eyebrow: "Study Abroad",
  intro: [
    "Canada offers quality education at universities and colleges, a welcoming multicultural society and, for eligible programmes, a post-graduation work permit that can lead to permanent residence.",
    "Study permit rules have tightened in recent years, with caps on new permits and stricter proof of funds. We help you choose a designated learning institution (DLI), obtain the documents you need and present a clear, well-funded application.",
  ],
  requirements: [
    "Letter of acceptance from a designated learning institution (DLI)",
    "Provincial or territorial attestation letter (PAL/TAL), unless IRCC's list of exemptions covers you (since January 2026 it includes many master's and doctoral students)",
    "Proof of funds covering first-year tuition plus IRCC's current cost-of-living amount",
    "WAEC/NECO results, or degree certificate and transcripts",
    "English test results such as IELTS Academic",
    "Biometrics at the visa application centre in Lagos or Abuja",
    "Immigration medical examination with an IRCC panel physician",
    "Valid international passport",
  ],
  benefits: [
    "Guidance on programmes that can qualify for a post-graduation work permit",
    "Part-time, off-campus work during studies within IRCC's weekly limit",
    "Clear advice on presenting sponsor funds and their source",
    "Help with your statement of purpose and study plan",
    "Information on when spouses of some master's and doctoral students may get an open work permit",
  ],
  process: [
    { step: "Programme Choice", description: "We match you to DLIs and programmes based on your goals, budget and post-graduation plans." },
    { step: "Acceptance & PAL", description: "We help you apply, accept your offer and obtain your provincial attestation letter." },
    { step: "Study Permit", description: "We prepare your financial documents and study plan, submit the application and book your biometrics." },
    { step: "Pre-Departure", description: "Once approved, we help you plan travel, accommodation and your arrival at the port of entry." },
  ],
  ctaLabel: "Plan Your Canadian Studies",
  highlights: ["Universities & colleges", "Post-graduation work permit", "Biometrics in Lagos or Abuja"],
  review: {
    lastReviewed: "November 2026",
    sources: [
      { label: "IRCC: Study permit", href: "https://www.canada.ca/en/immigration-refugees-citizenship/services/study-canada/study-permit.html" },
      {
        label: "IRCC: Check processing times",
        href: "https://www.canada.ca/en/immigration-refugees-citizenship/services/application/check-processing-times.html",
      },
    ],
  },
};
