// Germany Immigration: the copy of /services/germany-immigration.
import type { ServicePage } from "../types.ts";

export const germanyImmigration: ServicePage = {
  slug: "germany-immigration",
  title: "Germany Immigration",
  metaDescription:
    "Germany from Nigeria: EU Blue Card, skilled worker visa, Opportunity Card, study and family visas, with the documents, funds and timing each one needs.",
  eyebrow: "Immigration",
  intro: [
    "Germany needs nurses, engineers, IT specialists and skilled tradespeople, and its Skilled Immigration Act gives qualified Nigerians several ways in: a job offer with a recognised qualification, the EU Blue Card for graduates, or the Opportunity Card to look for work on the ground.",
    "Most routes turn on two things that take time: having your degree or vocational training recognised in Germany, and an appointment at the German visa section in Lagos. We help you start both early and keep your file complete, because the mission only accepts full applications.",
  ],
  requirements: [
    "Valid international passport with at least two blank pages, plus copies of the data page",
    "Recognition of your degree or vocational qualification in Germany (anabin listing, ZAB statement of comparability or a recognition notice)",
    "Signed job offer or employment contract, with the employer's declaration on the employment relationship, for work routes",
    "Proof of funds: a blocked account, a formal obligation letter from a sponsor in Germany, or a salary that covers your living costs",
    "Health insurance valid in Germany from the day you arrive",
    "German or English language certificates where the route asks for them (for example A1 German for most spouses joining a partner)",
    "Birth and marriage certificates for family members, which the mission may ask to have verified",
  ],
  benefits: [
    "An honest check of which German route fits your qualification, age, languages and budget",
    "Guidance on getting your qualification recognised and on which German authority handles your profession",
    "A checklist built from the German mission's own list for your visa type, reviewed before your appointment",
    "Help opening a blocked account or preparing a sponsor's formal obligation letter",
    "Advice on bringing your spouse and children, including the German language rule for spouses",
  ],
  process: [
    { step: "Route Check", description: "We compare your profile with the Blue Card, skilled worker, Opportunity Card, study and family routes." },
    { step: "Recognition", description: "We guide your qualification recognition and the documents your employer or university must provide." },
    { step: "Appointment", description: "We prepare a complete file for your appointment at the German visa section and check every copy." },
    { step: "Arrival", description: "Once the visa is issued, we plan your arrival, registration of address and residence permit in Germany." },
  ],
  ctaLabel: "Plan Your Move to Germany",
  highlights: ["EU Blue Card & skilled workers", "Opportunity Card", "Visa section in Lagos"],
  routes: [
    {
      purpose: "Work",
      visa: "EU Blue Card, or the visa for skilled workers with a recognised qualification",
      documents: [
        "Job offer or contract and the employer's declaration on the employment relationship",
        "Recognised degree (Blue Card) or recognised degree or vocational training (skilled worker)",
        "CV, reference letters and professional licence where the job is regulated (nursing, medicine, engineering titles)",
      ],
      money:
        "Blue Card salary floor for 2026: €50,700 gross a year, or €45,934.20 in shortage occupations and for recent graduates. National visa fee: €75.",
      processing:
        "Depends on the appointment wait at the mission and on the Federal Employment Agency's approval. An employer can start the fast-track procedure at the foreigners authority in Germany, which sets short deadlines for the appointment and the decision.",
    },
    {
      purpose: "Work (job search)",
      visa: "Opportunity Card (Chancenkarte)",
      documents: [
        "Degree or at least two years of vocational training recognised in Nigeria",
        "German A1 or English B2 certificate",
        "Points evidence if your qualification is not fully recognised in Germany (6 points needed)",
      ],
      money:
        "Proof that you can pay your living costs for the stay, usually through a blocked account. The monthly amount is set by the German government each year, so we confirm the current figure with you.",
      processing: "Depends on the appointment wait at the German mission; allow several months from booking to decision.",
    },
    {
      purpose: "Study",
      visa: "National visa for study",
      documents: [
        "University admission letter (or conditional admission with a language course)",
        "WAEC/NECO results, degree certificates and transcripts",
        "Language certificate for the course (German or English)",
      ],
      money:
        "Proof of living costs for the first year, most often a blocked account with the yearly amount German missions ask of students (the figure rises most years), plus the €75 visa fee.",
      processing: "Depends on the appointment wait at the German mission; apply as soon as you have your admission letter.",
    },
    {
      purpose: "Family",
      visa: "Family reunion visa (spouse or child of someone living in Germany)",
      documents: [
        "Marriage or birth certificate, which may need verification",
        "Your partner's residence permit, passport and proof of housing in Germany",
        "German A1 certificate for most spouses (not needed, for example, when the partner holds an EU Blue Card)",
      ],
      money: "Your partner must show income that covers the family without public benefits; the amount depends on the household.",
      processing: "Depends on the mission's appointment wait and on the foreigners authority in Germany, which is consulted.",
    },
    {
      purpose: "Visit",
      visa: "Schengen short-stay visa (up to 90 days in any 180)",
      documents: [
        "Bank statements, employment letter or business registration, and your travel history",
        "Invitation letter or hotel booking, flight reservation and itinerary",
        "Travel medical insurance with at least €30,000 of cover",
      ],
      money: "Visa fee: €90 for adults.",
      processing:
        "The EU Visa Code gives the consulate 15 calendar days to decide, up to 45 in individual cases; the wait for an appointment comes on top.",
    },
    {
      purpose: "Residence",
      visa: "Settlement permit (permanent residence)",
      documents: [
        "Years of residence and pension contributions in Germany",
        "German language certificate at the level your route requires",
        "Proof of secure income and housing",
      ],
      money: "Fees are paid to the foreigners authority in Germany.",
      processing: "Applied for inside Germany. Blue Card holders can qualify sooner than other workers, depending on their German level.",
    },
  ],
  lodging: [
    "Visa applications for Germany from Nigeria are made in person at the visa section of the German Consulate General in Lagos, with an appointment booked online for each traveller, children included.",
    "The German Embassy in Abuja issues visas only in exceptional cases, so plan for your appointment in Lagos.",
    "Only complete files are accepted: documents brought before or after the appointment are not considered.",
  ],
  review: {
    lastReviewed: "November 2026",
    sources: [
      {
        label: "German Missions in Nigeria: visa application procedure",
        href: "https://nigeria.diplo.de/ng-en/service/visa/visa-application-procedure/1504734",
      },
      { label: "Make it in Germany: EU Blue Card", href: "https://www.make-it-in-germany.com/en/visa-residence/types/eu-blue-card" },
      {
        label: "Make it in Germany: Opportunity Card",
        href: "https://www.make-it-in-germany.com/en/visa-residence/types/job-search-opportunity-card",
      },
      { label: "Recognition in Germany: having your qualification recognised", href: "https://www.anerkennung-in-deutschland.de/html/en/" },
      { label: "Federal Foreign Office: visas for Germany", href: "https://www.auswaertiges-amt.de/en/visa-service" },
    ],
  },
};
