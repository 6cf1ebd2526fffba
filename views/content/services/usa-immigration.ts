// USA Immigration: the copy of /services/usa-immigration.
import type { ServicePage } from "../types.ts";

export const usaImmigration: ServicePage = {
  slug: "usa-immigration",
  title: "USA Immigration",
  metaDescription:
    "Help for Nigerians with US immigrant visas through family or employer sponsorship: petitions, NVC documents, medicals and interview coaching in Lagos or Abuja.",
  eyebrow: "Immigration",
  intro: [
    "Most routes to living permanently in the United States start with a petition, either from a close relative who is a US citizen or green-card holder, or from a US employer. Waiting times depend on the category and can range from months to many years, so good planning matters.",
    "We explain where you stand, help you gather documents for the National Visa Center and prepare you for your interview at the US Consulate in Lagos or the US Embassy in Abuja. US rules change often, so we check the latest State Department guidance for every case.",
  ],
  requirements: [
    "Valid international passport with at least six months' validity beyond your intended date of entry",
    "An approved petition, such as Form I-130 from a relative or Form I-140 from an employer",
    "Completed immigrant visa application (Form DS-260) and its confirmation page",
    "Affidavit of Support (Form I-864) from your sponsor, with their recent tax returns",
    "Birth certificate from the National Population Commission and, where relevant, your marriage certificate",
    "Police character certificate from the Nigeria Police Force",
    "Medical examination with a panel physician approved by the US Embassy",
  ],
  benefits: [
    "A plain-English explanation of the family and employment categories and their waiting times",
    "Help tracking your priority date in the monthly Visa Bulletin",
    "Document review against National Visa Center requirements before upload",
    "Interview preparation with realistic practice questions",
    "Practical guidance on arrival, your green card and first steps in the US",
  ],
  process: [
    { step: "Eligibility Review", description: "We confirm which category applies to you, who can petition for you and the likely waiting time." },
    {
      step: "Petition & NVC",
      description:
        "Once the petition is approved, we help you pay fees and upload civil documents and financial evidence to the National Visa Center.",
    },
    {
      step: "Interview",
      description: "We prepare you for the medical examination and your interview at the US Consulate in Lagos or the Embassy in Abuja.",
    },
    {
      step: "Arrival",
      description: "If your visa is issued, we go through the immigrant fee, your travel plans and what to expect at the port of entry.",
    },
  ],
  ctaLabel: "Discuss Your US Case",
  highlights: ["Family & employment routes", "Visa Bulletin tracking", "Interview coaching"],
  review: {
    lastReviewed: "November 2026",
    sources: [
      { label: "U.S. Department of State: Visa Bulletin", href: "https://travel.state.gov/content/travel/en/legal/visa-law0/visa-bulletin.html" },
      { label: "U.S. Mission Nigeria: visas", href: "https://ng.usembassy.gov/visas/" },
    ],
  },
};
