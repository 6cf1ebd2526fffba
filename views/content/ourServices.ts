// /our-services copy (SPEC §2.5): the intro and the service cards.
import type { Card, PageMeta } from "./types";

export const ourServicesMeta: PageMeta = {
  title: "Our Services",
  metaDescription:
    "Immigration, visa consultation, study abroad, travel packages, document preparation and settlement services for Nigerian travellers, from our office in Ikeja.",
};

export const ourServicesIntro = {
  eyebrow: "What We Offer",
  title: "Our Services",
  subtitle: "Everything you need to travel, study, work or settle abroad, handled by one experienced team in Ikeja, Lagos.",
  learnMore: "Learn More",
  ctaTitle: "Not Sure Where to Start?",
  ctaText: "Book a consultation and we will look at your goals, documents and budget, then recommend the right route for you.",
  ctaButton: "Book a Consultation",
} as const;

export const ourServicesCards: Card[] = [
  {
    icon: "Globe",
    title: "Immigration Services",
    description: "Permanent residence and long-term routes to Canada, the USA and the UK, including skilled worker and family sponsorship options.",
    href: "/services/canada-immigration",
  },
  {
    icon: "Stamp",
    title: "Visa Consultation",
    description: "Tourist, business and visit visas, with a full review of your bank statements, cover letter and itinerary before you apply.",
    href: "/services/tourist-visa",
  },
  {
    icon: "GraduationCap",
    title: "Study Abroad Programs",
    description: "University admission, scholarship research and student visas for the USA, UK, Canada and Australia.",
    href: "/services/study-abroad",
  },
  {
    icon: "Plane",
    title: "Travel Packages",
    description: "Curated holidays to Dubai, Europe, the USA, the UK, the Caribbean and Asia, priced in Naira per person.",
    href: "/travel-packages",
  },
  {
    icon: "FileText",
    title: "Document Preparation",
    description: "Cover letters, sponsor letters, itineraries and document checks so your application is complete and consistent.",
    href: "/contact",
  },
  {
    icon: "Home",
    title: "Settlement Services",
    description: "Practical help after your visa: finding accommodation, airport pickup, opening a bank account and settling into your new country.",
    href: "/services/canada-immigration",
  },
];
