// Study in the USA: the copy of /services/study-usa.
import type { ServicePage } from "../types.ts";

export const studyUsa: ServicePage = {
  slug: "study-usa",
  title: "Study in the USA",
  metaDescription:
    "Study in the USA from Nigeria: university shortlisting, scholarships, Form I-20, SEVIS fee, DS-160 and F-1 visa interview preparation for Lagos or Abuja.",
  eyebrow: "Study Abroad",
  intro: [
    "American universities offer flexible programmes, excellent research facilities and generous scholarships and assistantships for strong applicants. Many Nigerian students choose the USA for STEM, business and health courses.",
    "We help you build a balanced university list, apply for funding and prepare for the F-1 visa interview at the US Consulate in Lagos or the US Embassy in Abuja, where you must clearly explain your study plans and how they will be funded.",
  ],
  requirements: [
    "Form I-20 issued by a SEVP-certified school",
    "SEVIS I-901 fee payment receipt",
    "Completed DS-160 form and visa fee payment confirmation",
    "WAEC/NECO results, or degree certificate and transcripts for graduate study",
    "English test results (TOEFL, IELTS or Duolingo) and, where required, SAT or GRE scores",
    "Bank statements and sponsor documents covering at least the first year's costs shown on your I-20",
    "Valid international passport",
  ],
  benefits: [
    "A balanced university shortlist across ambitious, target and safer choices",
    "Research on scholarships, tuition waivers and graduate assistantships",
    "Help with essays, recommendation letters and application portals",
    "Mock F-1 interviews with honest feedback",
    "Guidance on Optional Practical Training (OPT) after graduation",
  ],
  process: [
    { step: "Shortlisting", description: "We match your grades, test scores and budget to suitable US universities and funding options." },
    {
      step: "Admission & I-20",
      description: "We help you apply, accept your offer and provide the financial documents your school needs to issue your I-20.",
    },
    { step: "SEVIS & DS-160", description: "We guide you through the SEVIS fee, the DS-160 form and booking your visa interview." },
    {
      step: "Visa Interview",
      description: "We prepare you with mock interviews so you can explain your plans confidently at the US Consulate or Embassy.",
    },
  ],
  ctaLabel: "Plan Your US Studies",
  highlights: ["F-1 interview coaching", "Scholarships & assistantships", "OPT after graduation"],
};
