// Study Abroad Programs: the copy of /services/study-abroad.
import type { Card, ServicePage } from "../types.ts";

/** The four service cards shown on the Study Abroad Programs page (SPEC §2.5). */
const studyAbroadServiceCards: Card[] = [
  {
    icon: "GraduationCap",
    title: "University Admission",
    description:
      "We match your grades, budget and career plans to suitable universities, then help you write a strong statement of purpose and submit complete applications before the deadlines.",
  },
  {
    icon: "FileText",
    title: "Document Preparation",
    description:
      "WAEC/NECO results, transcripts, reference letters, sponsor letters and bank statements checked and organised so that nothing is missing or inconsistent.",
  },
  {
    icon: "Stamp",
    title: "Visa Processing",
    description:
      "Step-by-step help with your CAS, I-20, letter of acceptance or CoE, the online visa form, fee payments and your biometrics appointment in Lagos or Abuja.",
  },
  {
    icon: "PlaneTakeoff",
    title: "Pre-Departure Support",
    description:
      "Accommodation, flight booking, what to pack, how to open a bank account on arrival and a briefing on life as an international student.",
  },
];

export const studyAbroad: ServicePage = {
  slug: "study-abroad",
  title: "Study Abroad Programs",
  metaDescription:
    "Study abroad from Nigeria with support on university admission, document preparation, visa processing and pre-departure, for the USA, UK, Canada and Australia.",
  eyebrow: "Study Abroad",
  intro: [
    "Studying abroad is a big investment for you and your family. Our study abroad programmes guide you from choosing a course to settling into your new campus, with honest advice on costs, scholarships and career prospects.",
    "We support you in four areas: University Admission, Document Preparation, Visa Processing and Pre-Departure Support. You can use the full programme or only the parts you need.",
  ],
  requirements: [
    "WAEC/NECO results with credits in English and Mathematics for undergraduate study",
    "Degree certificate and transcripts for postgraduate study",
    "English test results (IELTS, TOEFL, PTE or Duolingo), or a waiver where the university accepts your WAEC/NECO English grade",
    "Statement of purpose and two academic or professional references",
    "Updated CV for postgraduate applicants",
    "Valid international passport",
    "Evidence of how you will pay tuition and living costs",
  ],
  benefits: [
    "University Admission: course and university shortlisting matched to your grades and budget",
    "Document Preparation: transcripts, references and sponsor documents checked for consistency",
    "Visa Processing: support with your CAS, I-20, letter of acceptance or CoE and the visa itself",
    "Pre-Departure Support: accommodation, flights and an orientation briefing",
    "Scholarship and tuition discount research for every shortlisted university",
  ],
  process: [
    { step: "Counselling", description: "We discuss your goals, grades and budget and agree a shortlist of countries, courses and universities." },
    { step: "Applications", description: "We help you write your statement of purpose and submit complete applications before the deadlines." },
    { step: "Visa", description: "After you accept an offer, we prepare your financial documents and guide you through the student visa." },
    { step: "Departure", description: "We help with accommodation, flights and an orientation so you arrive ready to study." },
  ],
  ctaLabel: "Talk to a Study Abroad Adviser",
  highlights: ["USA, UK, Canada & Australia", "Scholarship research", "September & January intakes"],
  cards: { heading: "Our Study Abroad Services", items: studyAbroadServiceCards },
  extra: {
    heading: "Popular Destinations",
    items: [
      {
        title: "USA",
        description: "World-ranked universities, flexible majors and scholarships or assistantships for strong applicants.",
        href: "/services/study-usa",
      },
      {
        title: "UK",
        description: "One-year master's degrees and a post-study work visa (Graduate Route) for eligible graduates.",
        href: "/services/study-uk",
      },
      {
        title: "Canada",
        description: "Affordable public colleges and universities, with post-graduation work permits for eligible programmes.",
        href: "/services/study-canada",
      },
      {
        title: "Australia",
        description: "High-quality education, a warm climate and part-time work rights while you study.",
        href: "/services/study-australia",
      },
    ],
  },
};
