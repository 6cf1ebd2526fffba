// Work Visa Assistance: the copy of /services/work-visa.
import type { ServicePage } from "../types.ts";

export const workVisa: ServicePage = {
  slug: "work-visa",
  title: "Work Visa Assistance",
  metaDescription:
    "Work visa assistance for Nigerian professionals: job offer checks, certificates of sponsorship, LMIA and employer routes, applications and relocation support.",
  eyebrow: "Visa Services",
  intro: [
    "A work visa almost always starts with a genuine job offer from an employer who is allowed to sponsor foreign workers. We help nurses, doctors, engineers, IT specialists, carers and other professionals understand what each country requires.",
    "We do not sell jobs or certificates of sponsorship. If anyone asks you to pay for a job offer abroad, treat it with great caution; we will gladly help you check whether an offer is genuine.",
  ],
  requirements: [
    "A genuine job offer or signed employment contract from an employer abroad",
    "Sponsorship from the employer, such as a UK Certificate of Sponsorship, a Canadian LMIA or a US petition",
    "Degree certificates, transcripts and your NYSC discharge or exemption certificate",
    "Professional registration where your job requires it, for example with the NMC for nurses in the UK",
    "English language test results where the route requires them",
    "Police character certificate and, for some countries, a medical or TB test certificate",
    "Updated CV and reference letters from previous employers",
  ],
  benefits: [
    "Checks on whether your job offer and sponsor are genuine before you pay anyone",
    "CV and document preparation to the standard employers abroad expect",
    "Guidance on the UK Skilled Worker, Canadian LMIA-based and other employer-sponsored routes",
    "Advice on bringing your spouse and children as dependants where the route allows",
    "A relocation checklist covering accommodation, money and your first weeks abroad",
  ],
  process: [
    { step: "Job Offer", description: "We review your offer letter and contract and check that the employer is genuine and able to sponsor you." },
    {
      step: "Sponsorship",
      description: "Your employer issues the sponsorship document. We make sure its details match your passport and qualifications.",
    },
    { step: "Visa Application", description: "We prepare your documents, complete the application with you and book your biometrics appointment." },
    { step: "Relocation", description: "Once your visa is granted, we help you plan flights, accommodation and your first days in your new job." },
  ],
  ctaLabel: "Get Work Visa Help",
  highlights: ["UK, Canada, USA & Europe", "Sponsor and job-offer checks", "Dependant visa advice"],
};
