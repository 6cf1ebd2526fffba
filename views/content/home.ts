// Home page copy (SPEC §1 hero, §2.3 sections and service tiles).
import type { Card, OpeningHours, PageMeta, Testimonial } from "./types";

export const homeMeta: PageMeta = {
  title: "Travel, Visa & Study Abroad Consultants in Ikeja, Lagos",
  metaDescription:
    "Lagos travel and immigration consultancy in Ikeja offering visa consultation, study abroad, work permits, family immigration and travel packages for Nigerians.",
};

export const hero = {
  badge: "Your Trusted Travel Partner",
  headline: "Turn Your Dreams of International Travel Into Reality",
  subtext:
    "Expert visa consultation, study-abroad programmes and comprehensive travel services for Nigerians, with honest advice and careful preparation from your first question to the day you board your flight.",
  primaryCta: "Start Your Journey",
  secondaryCta: "Our Services",
  claim: "500+ successful applications",
  /** Short reassurances shown under the hero buttons, after the claim. */
  highlights: ["Replies within 24 hours", "Office in Ikeja, Lagos"],
} as const;

/** Headings of the home page sections (SPEC §2.3 order: services, why choose us, testimonials, contact). */
export const homeSections = {
  services: {
    eyebrow: "What We Do",
    title: "Our Services",
    subtitle: "From your first visitor visa to a new life abroad, we guide you through every step with clear, honest advice.",
  },
  why: {
    eyebrow: "Why Choose Us",
    title: "A Consultancy You Can Trust",
    subtitle: "Careful preparation and plain answers, from people who know what Nigerian applicants are asked for.",
  },
  testimonials: {
    eyebrow: "Client Testimonials",
    title: "What Our Clients Say",
    subtitle: "Students, workers, families and holidaymakers from across Nigeria.",
  },
  contact: {
    eyebrow: "Get in Touch",
    title: "Start Your Journey Today",
    subtitle: "Tell us about your plans and a consultant will get back to you within 24 hours.",
    hoursHeading: "Office Hours",
  },
} as const;

export const homeServiceTiles: Card[] = [
  {
    icon: "Stamp",
    title: "Visa Consultation",
    description: "Tourist and visit visas for the UK, Schengen area, USA, Canada and Dubai, with a full review of your documents before you apply.",
    href: "/services/tourist-visa",
  },
  {
    icon: "GraduationCap",
    title: "Study Abroad",
    description: "University admission, scholarships and student visas for the USA, UK, Canada and Australia.",
    href: "/services/study-abroad",
  },
  {
    icon: "Plane",
    title: "Travel Packages",
    description: "Holiday packages to Dubai, Europe, the USA, the UK and beyond, priced in Naira per person.",
    href: "/travel-packages",
  },
  {
    icon: "Briefcase",
    title: "Work Permits",
    description: "Job offer checks, sponsorship documents and work visa applications for skilled professionals.",
    href: "/services/work-visa",
  },
  {
    icon: "Users",
    title: "Family Immigration",
    description: "Join or sponsor family members abroad, with clear guidance on relationship evidence and financial requirements.",
    href: "/services/canada-immigration",
  },
  {
    icon: "FileText",
    title: "Documentation Support",
    description: "Cover letters, itineraries, sponsor letters and document checks so your application is complete and consistent.",
    href: "/#contact",
  },
];

export const whyChooseUs: Card[] = [
  {
    icon: "ShieldCheck",
    title: "Honest Advice",
    description: "We tell you plainly whether you are ready to apply. No embassy decision can be guaranteed, and we will never pretend otherwise.",
  },
  {
    icon: "MapPin",
    title: "Local Expertise",
    description: "Based in Ikeja, we know the visa application centres in Lagos and Abuja and the documents Nigerian applicants are asked for.",
  },
  {
    icon: "ClipboardCheck",
    title: "Thorough Document Checks",
    description: "Every bank statement, letter and form is reviewed for gaps and inconsistencies before you submit.",
  },
  {
    icon: "Clock",
    title: "Quick Responses",
    description: "Send us a message and a consultant will get back to you within 24 hours.",
  },
  {
    icon: "LayoutDashboard",
    title: "Online Application Portal",
    description: "Create an account to fill in your application, upload documents, pay your fee and track its status online.",
  },
  {
    icon: "Award",
    title: "Proven Track Record",
    description: "More than 500 successful applications for students, workers, families and holidaymakers across Nigeria.",
  },
];

export const homeTestimonials: Testimonial[] = [
  {
    name: "Oluwaseun Adeyemi",
    initials: "OA",
    location: "Lagos",
    service: "UK Student Visa",
    text: "They helped me sort out my CAS, my 28-day bank statement and my TB test in the right order. My visa came through in three weeks and I started my master's in Leeds on time.",
    rating: 5,
  },
  {
    name: "Ngozi Eze",
    initials: "NE",
    location: "Enugu",
    service: "Canada Permanent Residence",
    text: "After one refusal elsewhere, I was nervous. The team explained exactly what had gone wrong, rebuilt my proof of funds and kept me updated at every step. My family landed in Calgary last spring.",
    rating: 5,
  },
  {
    name: "Ibrahim Musa",
    initials: "IM",
    location: "Abuja",
    service: "Dubai Travel Package",
    text: "Visa, hotel, airport pickup and desert safari all handled for my wife and me. Everything was exactly as described, and the price in Naira had no surprises.",
    rating: 5,
  },
];

/** Opening hours in the home page contact section (SPEC §9). */
export const homeContactHours: OpeningHours[] = [
  { days: "Mon-Fri", hours: "9:00 AM-6:00 PM" },
  { days: "Saturday", hours: "10:00 AM-2:00 PM" },
];
