// Canada Immigration: the copy of /services/canada-immigration.
import type { ServicePage } from "../types.ts";

export const canadaImmigration: ServicePage = {
  slug: "canada-immigration",
  title: "Canada Immigration",
  metaDescription:
    "Move to Canada from Nigeria with help on Express Entry, provincial nominee and family sponsorship routes, from IELTS and WES to proof of settlement funds.",
  eyebrow: "Immigration",
  intro: [
    "Canada remains one of the most popular destinations for skilled Nigerians and their families. Before you spend money on tests and fees, we help you understand which route genuinely fits your profile: Express Entry, a Provincial Nominee Programme or family sponsorship.",
    "From booking IELTS or CELPIP and getting your degree assessed by WES to presenting your proof of funds and attending biometrics at the visa application centre in Lagos or Abuja, we keep your file organised and your expectations realistic. The final decision always rests with Immigration, Refugees and Citizenship Canada (IRCC).",
  ],
  requirements: [
    "Valid international passport for you and every family member included in the application",
    "English or French test results (IELTS General Training, CELPIP or TEF) taken within the last two years",
    "Educational Credential Assessment (ECA) of your highest qualification, for example from WES",
    "Reference letters from employers showing your job title, duties, hours per week and salary",
    "Proof of settlement funds that meets IRCC's current figure for your family size, usually shown with six months of bank statements",
    "Police character certificate from the Nigeria Police Force and from any country where you lived for six months or more",
    "Immigration medical examination with an IRCC-approved panel physician",
    "Birth certificates and marriage certificate for any accompanying dependants",
  ],
  benefits: [
    "An honest eligibility check and CRS score estimate before you commit to any fees",
    "Clear advice on Express Entry, provincial nominee streams and family sponsorship",
    "A document checklist tailored to your profile, including how to present Naira savings as proof of funds",
    "Careful review of your online profile and documents before anything is submitted",
    "Reminders for biometrics, medicals and passport requests so no deadline is missed",
  ],
  process: [
    {
      step: "Assessment",
      description:
        "We review your age, education, work experience and language scores, estimate your CRS points and recommend the most suitable route.",
    },
    {
      step: "Documentation",
      description: "We guide you through language tests, WES assessment, employer reference letters, proof of funds and police certificates.",
    },
    {
      step: "Application",
      description: "We help you build your profile and, once you receive an invitation or nomination, submit a complete and consistent application.",
    },
    {
      step: "Approval",
      description:
        "If IRCC approves your application, we help with the passport request, your Confirmation of Permanent Residence and planning your landing in Canada.",
    },
  ],
  ctaLabel: "Book a Canada Assessment",
  highlights: ["Express Entry & PNP", "Family sponsorship", "Biometrics in Lagos or Abuja"],
  review: {
    lastReviewed: "November 2026",
    sources: [
      {
        label: "IRCC: Express Entry",
        href: "https://www.canada.ca/en/immigration-refugees-citizenship/services/immigrate-canada/express-entry.html",
      },
      {
        label: "IRCC: Check processing times",
        href: "https://www.canada.ca/en/immigration-refugees-citizenship/services/application/check-processing-times.html",
      },
    ],
  },
};
