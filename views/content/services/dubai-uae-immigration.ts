// Dubai & UAE Immigration: the copy of /services/dubai-uae-immigration.
import type { ServicePage } from "../types.ts";

export const dubaiUaeImmigration: ServicePage = {
  slug: "dubai-uae-immigration",
  title: "Dubai & UAE Immigration",
  metaDescription:
    "Dubai and UAE from Nigeria: employer-sponsored work and residence visas, family sponsorship, student and Golden Visas, and the current rules for Nigerian visitors.",
  eyebrow: "Immigration",
  intro: [
    "Living in Dubai or elsewhere in the UAE always starts with a sponsor: an employer, a family member who lives there, a university, or your own investment or company. Your sponsor applies for your entry permit, and you complete a medical test and Emirates ID biometrics after you arrive.",
    "Visit visas for Nigerians have changed several times since 2022, and the rules are applied through airlines, travel agents and the immigration authority of each emirate. We check the current conditions with the issuing authority before you pay for anything.",
  ],
  requirements: [
    "Valid international passport with at least six months' validity",
    "A sponsor in the UAE: employer, resident family member, university, or your own company or investment",
    "Signed job offer or employment contract for work routes",
    "Degree certificates attested in Nigeria and by the UAE Embassy, where your job or visa needs them",
    "Marriage and birth certificates, attested, for family sponsorship",
    "Medical fitness test and Emirates ID biometrics after arrival",
    "Health insurance as required by the emirate where you live",
  ],
  benefits: [
    "Checks on a job offer and employer before you travel, to avoid fake visa offers",
    "A plan for attesting your certificates in the right order",
    "Advice on family sponsorship, including the sponsor's salary and housing",
    "Guidance on the Golden Visa categories for investors, professionals and graduates",
    "Up-to-date advice on visit visas for Nigerians before you book",
  ],
  process: [
    { step: "Sponsor", description: "We confirm who sponsors you and check that the offer and the employer are genuine." },
    { step: "Attestation", description: "We prepare and attest the certificates your visa needs, in the right order." },
    { step: "Entry Permit", description: "Your sponsor applies for the entry permit; we check the details match your passport." },
    { step: "Residence", description: "After arrival, we guide the medical test, Emirates ID and residence visa stamping." },
  ],
  ctaLabel: "Plan Your Move to the UAE",
  highlights: ["Employer & family sponsorship", "Golden Visa guidance", "Current rules for Nigerian visitors"],
  routes: [
    {
      purpose: "Work",
      visa: "Employment entry permit and residence visa, sponsored by a mainland or free-zone employer",
      documents: [
        "Signed offer letter or employment contract",
        "Passport copy and photographs; attested degree for skilled jobs",
        "Medical fitness test and Emirates ID biometrics after arrival",
      ],
      money: "Your employer applies and pays the government fees for your work permit and residence visa under UAE labour law.",
      processing: "Depends on the emirate and on whether the employer is on the mainland or in a free zone.",
    },
    {
      purpose: "Study",
      visa: "Student residence visa sponsored by a UAE university or by a parent living in the UAE",
      documents: [
        "Admission letter from a licensed UAE university",
        "Academic certificates, attested where the university asks",
        "Proof of tuition payment",
      ],
      money: "Tuition and the sponsor's visa fees; the university tells you the current amounts.",
      processing: "Depends on the university and the emirate's immigration authority.",
    },
    {
      purpose: "Family",
      visa: "Residence visa for family members of a UAE resident",
      documents: [
        "Attested marriage certificate for a spouse, attested birth certificates for children",
        "Sponsor's employment contract or salary certificate and tenancy contract",
        "Medical fitness test for family members aged 18 and over",
      ],
      money:
        "The resident sponsor needs a salary of at least AED 4,000 a month, or AED 3,000 a month plus accommodation, to sponsor a spouse and children.",
      processing: "Depends on the emirate; the sponsor applies from inside the UAE.",
    },
    {
      purpose: "Visit",
      visa: "Visit visa, applied for through a UAE sponsor, airline, hotel or licensed travel agent",
      documents: ["Passport data page and photograph", "Personal bank statements", "Confirmed hotel booking and return ticket"],
      money:
        "In July 2025 travel agents reported stricter rules for Nigerian applicants, including a bank balance condition for older applicants and limits for younger ones travelling alone. These are not published on the UAE's official portals, so we confirm the current rules before you apply.",
      processing: "Depends on the issuing emirate and the current rules for Nigerian passport holders.",
    },
    {
      purpose: "Residence",
      visa: "Golden Visa (long-term residence) for investors, entrepreneurs, skilled professionals and outstanding graduates",
      documents: [
        "Evidence for your category: property or investment, company, salary and degree, or academic results",
        "Passport, photograph and health insurance",
      ],
      money: "Each category has its own investment or salary threshold, set by the UAE government.",
      processing: "Depends on the category and the issuing authority.",
    },
  ],
  lodging: [
    "UAE visas are not lodged at an embassy or visa centre in Nigeria: your sponsor applies inside the UAE through the Federal Authority for Identity, Citizenship, Customs and Port Security (ICP) or, for Dubai, the General Directorate of Residency and Foreigners Affairs (GDRFA).",
    "Your certificates are attested in Nigeria first and then by the UAE Embassy in Abuja before they are used in the UAE.",
  ],
  review: {
    lastReviewed: "November 2026",
    sources: [
      {
        label: "UAE government portal: residence visa for family members",
        href: "https://u.ae/en/information-and-services/visa-and-emirates-id/residence-visas/residence-visa-for-family-members",
      },
      { label: "UAE government portal: visas and Emirates ID", href: "https://u.ae/en/information-and-services/visa-and-emirates-id" },
      { label: "Federal Authority for Identity, Citizenship, Customs and Port Security (ICP)", href: "https://icp.gov.ae/en/" },
      { label: "GDRFA Dubai", href: "https://gdrfad.gov.ae/en" },
      { label: "Ministry of Human Resources and Emiratisation", href: "https://www.mohre.gov.ae/en" },
    ],
  },
};
