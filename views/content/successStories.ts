// /success-stories copy (SPEC §2.5): figures and testimonials.
import type { PageMeta, Testimonial } from "./types";

export const successMeta: PageMeta = {
  title: "Success Stories",
  metaDescription:
    "Read how Nigerian students, workers, families and holidaymakers from Lagos, Abuja, Port Harcourt and beyond reached the UK, Canada, the USA and Dubai with us.",
};

export const successIntro = {
  eyebrow: "Success Stories",
  title: "Real Journeys, Real Results",
  subtitle: "Thousands of Nigerians have trusted us with their visas, studies and holidays. Here are a few of their stories.",
  statsHeading: "Our Results in Numbers",
  testimonialsHeading: "What Our Clients Say",
  ctaTitle: "Ready to Write Your Own Success Story?",
  ctaText: "Tell us about your plans and a consultant will get back to you within 24 hours.",
  ctaButton: "Start Your Journey",
} as const;

export const successStats: { value: string; label: string }[] = [
  { value: "5000+", label: "Successful Visas" },
  { value: "98%", label: "Success Rate" },
  { value: "50+", label: "Countries Served" },
  { value: "10+", label: "Years of Experience" },
];

export const successTestimonials: Testimonial[] = [
  {
    name: "Temitope Ogunleye",
    initials: "TO",
    location: "Lagos",
    service: "UK Student Visa",
    text: "From choosing my course to booking my TB test, everything was explained clearly. My visa was approved and I'm now studying Public Health in Manchester.",
    rating: 5,
  },
  {
    name: "Emeka Nwosu",
    initials: "EN",
    location: "Abuja",
    service: "Canada Permanent Residence",
    text: "They estimated my CRS score honestly and told me to retake IELTS before creating my profile. That advice made the difference, and my family is now settled in Ontario.",
    rating: 5,
  },
  {
    name: "Blessing Okoro",
    initials: "BO",
    location: "Port Harcourt",
    service: "US Tourist Visa",
    text: "The mock interview prepared me for exactly the kind of questions I was asked at the consulate. I attended my sister's graduation in Houston.",
    rating: 5,
  },
  {
    name: "Abdullahi Sani",
    initials: "AS",
    location: "Kano",
    service: "Dubai Travel Package",
    text: "Our family trip to Dubai was smooth from start to finish. Visas, hotel and tours were all arranged, and the team answered every question quickly.",
    rating: 5,
  },
  {
    name: "Funmilayo Adebayo",
    initials: "FA",
    location: "Ibadan",
    service: "UK Work Permit (Health and Care)",
    text: "They checked that my employer was a licensed sponsor before I paid for anything. I now work as a nurse in Birmingham and my children have joined me.",
    rating: 5,
  },
  {
    name: "Chukwuemeka Obi",
    initials: "CO",
    location: "Enugu",
    service: "Canada Study Permit",
    text: "They helped me get my provincial attestation letter and explain my study gap properly. I'm now in my second year at college in Nova Scotia.",
    rating: 5,
  },
  {
    name: "Osaretin Igbinedion",
    initials: "OI",
    location: "Benin City",
    service: "Schengen Tourist Visa",
    text: "I had been refused before because of my bank statement. They showed me how to present my business income with my CAC documents, and my second application was approved.",
    rating: 5,
  },
  {
    name: "Aisha Abubakar",
    initials: "AA",
    location: "Kaduna",
    service: "Study in Australia",
    text: "My Genuine Student statement went through several drafts with their help. I'm studying in Melbourne and working part-time alongside my course.",
    rating: 5,
  },
  {
    name: "Olumide Fashola",
    initials: "OF",
    location: "Lagos",
    service: "US F-1 Student Visa",
    text: "They found me a graduate assistantship that covers most of my tuition and prepared me well for my F-1 interview in Lagos. Truly professional service.",
    rating: 5,
  },
];
