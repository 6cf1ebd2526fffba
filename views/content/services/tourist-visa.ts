// Tourist Visa Services: the copy of /services/tourist-visa.
import { APPLY_ONLINE_HREF } from "../navigation.ts";
import type { ServicePage } from "../types.ts";

export const touristVisa: ServicePage = {
  slug: "tourist-visa",
  title: "Tourist Visa Services",
  metaDescription:
    "Tourist visa help for Nigerians visiting the UK, Schengen area, USA, Canada or Dubai: bank statement review, cover letters, itineraries and biometrics booking.",
  eyebrow: "Visa Services",
  intro: [
    "Whether you are planning a holiday, visiting family or attending a graduation abroad, a well-prepared tourist visa application shows the embassy who you are, why you are travelling and why you will return to Nigeria.",
    "We review your finances, travel history and ties to home, then help you present them clearly. Many refusals come from avoidable mistakes, such as unexplained lump sums in a bank statement or an itinerary that does not match your budget.",
  ],
  requirements: [
    "International passport valid for at least six months, with blank pages, plus your old passports showing travel history",
    "Personal bank statements of the last 3-6 months, stamped by your bank, showing steady income",
    "Employment letter with approved leave, or CAC registration documents if you run your own business",
    "Confirmed hotel booking, or an invitation letter and host's documents if you are staying with family",
    "Flight reservation and a day-by-day itinerary",
    "Travel medical insurance where required (Schengen visas need at least €30,000 of cover)",
    "Yellow fever vaccination card",
    "Recent passport photographs that meet the destination's specification",
  ],
  benefits: [
    "Advice on the right destination and visa type for your travel history",
    "A cover letter and itinerary that clearly explain your trip and your ties to Nigeria",
    "A careful review of your bank statements before you submit",
    "Appointment booking for biometrics at the visa application centre in Lagos or Abuja",
    "Help arranging hotel bookings, flight reservations and travel insurance",
  ],
  process: [
    {
      step: "Destination",
      description: "Tell us where you want to go and why. We confirm the visa you need, the current processing time and the fees.",
    },
    { step: "Documents", description: "We send a tailored checklist and review every document, from bank statements to your employment letter." },
    { step: "Application", description: "We help you complete the online form, pay the fees and attend your biometrics or interview appointment." },
    { step: "Travel", description: "Once your visa is issued, we help with flights, hotels, insurance and what to carry at the port of entry." },
  ],
  ctaLabel: "Apply for a Tourist Visa Online",
  ctaHref: APPLY_ONLINE_HREF,
  highlights: ["UK, Schengen, USA, Canada & UAE", "Biometrics in Lagos or Abuja", "Reply within 24 hours"],
  review: {
    lastReviewed: "November 2026",
    sources: [
      {
        label: "European Commission: Schengen visa policy",
        href: "https://home-affairs.ec.europa.eu/policies/schengen-borders-and-visa/visa-policy_en",
      },
      { label: "GOV.UK: Standard Visitor visa", href: "https://www.gov.uk/standard-visitor" },
      { label: "U.S. Mission Nigeria: visas", href: "https://ng.usembassy.gov/visas/" },
    ],
  },
};
