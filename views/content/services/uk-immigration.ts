// UK Immigration: the copy of /services/uk-immigration.
import type { ServicePage } from "../types.ts";

export const ukImmigration: ServicePage = {
  slug: "uk-immigration",
  title: "UK Immigration",
  metaDescription:
    "UK immigration help for Nigerians: Skilled Worker, Health and Care and family visas, sponsor checks, TB test guidance and biometrics in Lagos or Abuja.",
  eyebrow: "Immigration",
  intro: [
    "The United Kingdom is home to a large Nigerian community and remains a leading destination for nurses, carers, engineers, IT professionals and families joining loved ones. Each route has strict rules on sponsorship, salary, English language and finances.",
    "We help you choose the right route, check that your sponsor is genuinely licensed by the Home Office and prepare a complete application ready for your biometrics appointment at TLScontact in Lagos or Abuja.",
  ],
  requirements: [
    "Valid international passport with at least 6 months' validity",
    "Certificate of Sponsorship from a Home Office-licensed employer, or proof of your relationship for family routes",
    "English language evidence, such as an IELTS for UKVI result or a degree taught in English confirmed by Ecctis",
    "Tuberculosis (TB) test certificate from a Home Office-approved clinic, for stays longer than six months",
    "Bank statements showing the required maintenance funds held for 28 consecutive days, where applicable",
    "Police character certificate from the Nigeria Police Force, where your route requires one",
    "Payment of the visa fee and the Immigration Health Surcharge",
  ],
  benefits: [
    "Advice on Skilled Worker, Health and Care Worker, family and other routes",
    "Checks on your job offer and sponsor licence to help you avoid recruitment scams",
    "A full review of your documents before you pay the visa fee and health surcharge",
    "Booking support for your biometrics appointment at TLScontact",
    "Help setting up your UKVI account and eVisa after a decision",
  ],
  process: [
    { step: "Route Selection", description: "We look at your job offer, qualifications or family ties and confirm the UK route you qualify for." },
    {
      step: "Documents",
      description: "We prepare your checklist, including the TB test, English evidence, bank statements and sponsor documents.",
    },
    {
      step: "Application",
      description: "We help you complete the online form, pay the fees and attend your biometrics appointment in Lagos or Abuja.",
    },
    { step: "Decision & Travel", description: "Once UKVI decides, we help you access your eVisa and plan your travel and arrival in the UK." },
  ],
  ctaLabel: "Book a UK Immigration Consultation",
  highlights: ["Skilled Worker & family routes", "TB test guidance", "TLScontact Lagos & Abuja"],
  review: {
    lastReviewed: "November 2026",
    sources: [
      { label: "GOV.UK: Skilled Worker visa", href: "https://www.gov.uk/skilled-worker-visa" },
      { label: "GOV.UK: Tuberculosis tests for visa applicants", href: "https://www.gov.uk/tb-test-visa" },
      { label: "GOV.UK: Immigration Health Surcharge", href: "https://www.gov.uk/healthcare-immigration-application" },
      { label: "GOV.UK: Home Office visa fees", href: "https://www.gov.uk/government/publications/visa-regulations-revised-table" },
    ],
  },
};
