// Portugal Immigration: the copy of /services/portugal-immigration.
import type { ServicePage } from "../types.ts";

export const portugalImmigration: ServicePage = {
  slug: "portugal-immigration",
  title: "Portugal Immigration",
  metaDescription:
    "Portugal from Nigeria: work, study, remote-work and passive-income residence visas, family reunification under the 2025 law, and Schengen visits via Lagos or Abuja.",
  eyebrow: "Immigration",
  intro: [
    "Portugal attracts Nigerians with its mild climate, lower living costs and a path from a residence visa to a residence permit issued by AIMA, the agency for integration, migration and asylum. Its rules changed in October 2025: the job-seeker visa is now limited to highly qualified professionals, and most residents wait longer before bringing family.",
    "We help you pick the national visa that matches what you will do in Portugal, whether that is a job, a course, remote work for clients abroad or living on your own income, and we prepare the funds, criminal record and accommodation evidence the consulate asks for.",
  ],
  requirements: [
    "Valid international passport with blank pages and at least three months' validity beyond your planned stay",
    "National visa application form and two recent passport photographs",
    "Criminal record certificate from the Nigeria Police Force, with a request for the Portuguese criminal record check",
    "Proof of means of subsistence in Portugal, in line with the route's income or savings rule",
    "Proof of accommodation in Portugal, such as a lease or a term of responsibility from a host",
    "Travel or health insurance covering your first period in Portugal",
    "Route documents: employment contract, university acceptance, remote-work contract or proof of passive income",
  ],
  benefits: [
    "A plain explanation of the October 2025 changes and what they mean for your plans",
    "Help choosing between work, study, remote-work (D8) and passive-income (D7) residence visas",
    "A review of your income or savings evidence against the minimum-wage based thresholds",
    "Guidance on the family reunification waiting period and its exceptions",
    "Preparation for your AIMA appointment after you arrive",
  ],
  process: [
    { step: "Route Choice", description: "We match your job, studies, remote work or income to the right Portuguese national visa." },
    { step: "Documents", description: "We prepare your criminal record, funds, accommodation and insurance evidence to the consulate's list." },
    { step: "Submission", description: "We confirm where your visa type is lodged, book the appointment and check your file before you go." },
    { step: "Residence", description: "After arrival, we help you prepare for AIMA and your residence permit." },
  ],
  ctaLabel: "Plan Your Move to Portugal",
  highlights: ["Work, study & D7/D8 visas", "2025 rule changes explained", "VFS centres in Lagos & Abuja"],
  routes: [
    {
      purpose: "Work",
      visa: "Residence visa for employed work, or the EU Blue Card for highly qualified jobs",
      documents: [
        "Employment contract or promise of a contract from an employer in Portugal",
        "Qualifications and, for regulated professions, registration with the Portuguese professional body",
        "Criminal record certificate and proof of accommodation",
      ],
      money:
        "Your contract's salary is your proof of means. The job-seeker visa, which needed no job offer, now applies only to highly qualified professionals, under rules set by decree.",
      processing: "Depends on the consulate's workload; AIMA then decides the residence permit in Portugal.",
    },
    {
      purpose: "Study",
      visa: "Residence visa for study at a higher-education institution",
      documents: [
        "Letter of acceptance from a Portuguese university or polytechnic",
        "WAEC/NECO results or degree certificates and transcripts",
        "Proof of payment of fees where the institution requires it",
      ],
      money:
        "Proof of means for your stay (savings, a sponsor or a scholarship letter); the consulate sets the amount, so we confirm it for your course.",
      processing: "Depends on the consulate's workload; apply as soon as you are accepted.",
    },
    {
      purpose: "Family",
      visa: "Family reunification with a resident in Portugal",
      documents: [
        "Marriage or birth certificates",
        "Your family member's residence permit in Portugal",
        "Proof of housing and income in Portugal without social benefits",
      ],
      money: "The resident in Portugal shows enough income and housing for the whole family.",
      processing:
        "Since the October 2025 law, most residents must have lived legally in Portugal for two years before asking; minor children, Golden Visa, EU Blue Card and highly qualified residents are exempt.",
    },
    {
      purpose: "Visit",
      visa: "Schengen short-stay visa (up to 90 days in any 180)",
      documents: [
        "Bank statements, employment letter or business registration",
        "Hotel booking or invitation, flight reservation and itinerary",
        "Travel medical insurance with at least €30,000 of cover",
      ],
      money: "Visa fee: €90 for adults, plus the visa centre's service charge.",
      processing:
        "The EU Visa Code gives the consulate 15 calendar days to decide, up to 45 in individual cases; the Embassy of Portugal in Abuja decides.",
    },
    {
      purpose: "Residence",
      visa: "D7 (passive income) and D8 (remote work) residence visas",
      documents: [
        "Proof of regular passive income (pensions, rent, dividends) for D7",
        "Remote-work contract or clients abroad and recent payslips or invoices for D8",
        "Portuguese tax number (NIF) and a Portuguese bank account",
      ],
      money:
        "D7 asks for income of at least the Portuguese minimum wage; D8 asks for income of at least four times the minimum wage. The minimum wage changes each year, so we work out the current amount with you.",
      processing: "Depends on the consulate; after arrival AIMA schedules the residence permit appointment.",
    },
  ],
  lodging: [
    "Schengen short-stay visas for Portugal are submitted at the VFS Global Portugal visa application centres in Lagos and Abuja and decided by the Embassy of Portugal in Abuja.",
    "Where a national (long-stay) visa is lodged depends on the Embassy's current arrangements, so we confirm it for your visa type before you book.",
    "After arrival, your residence permit is handled by AIMA in Portugal.",
  ],
  review: {
    lastReviewed: "November 2026",
    sources: [
      { label: "Portuguese consular visa portal (Ministry of Foreign Affairs)", href: "https://vistos.mne.gov.pt/en/" },
      { label: "VFS Global: Portugal visa information for Nigeria", href: "https://www.vfsglobal.com/one-pager/portugal/nigeria/english/" },
      { label: "AIMA: Agency for Integration, Migration and Asylum", href: "https://aima.gov.pt/" },
      {
        label: "European Commission: Schengen visa policy",
        href: "https://home-affairs.ec.europa.eu/policies/schengen-borders-and-visa/visa-policy_en",
      },
    ],
  },
};
