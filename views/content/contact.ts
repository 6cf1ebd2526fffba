// /contact copy (SPEC §2.5, §9 facts): the intro, the office's position and its opening hours.
import type { OpeningHours, PageMeta } from "./types";

export const contactMeta: PageMeta = {
  title: "Contact Us",
  metaDescription:
    "Contact our Ikeja, Lagos office by phone, e-mail or the enquiry form. Open Mon-Fri 9:00 AM-6:00 PM and Saturday 10:00 AM-4:00 PM; we reply within 24 hours.",
};

export const contactIntro = {
  eyebrow: "Contact Us",
  title: "We're Here to Help",
  subtitle: "Visit our office in Ikeja, call us, send an e-mail or use the form below. We reply to every enquiry within 24 hours.",
  formHeading: "Send Us a Message",
  formSubtitle: "Tell us where you want to go and a consultant will get back to you within 24 hours.",
  bookPrompt: "Rather talk it through? ",
  bookLink: "Book a free consultation",
  mapHeading: "Find Our Office",
  mapTitle: "Map of our office in Ikeja, Lagos",
  mapLink: "View larger map",
  bookingNote: (packageTitle: string) => `You are enquiring about the ${packageTitle} package.`,
} as const;

/** The office's position for the OpenStreetMap embed and the JSON-LD (Allen Avenue, Ikeja). */
export const officeLocation = { latitude: 6.6006, longitude: 3.3553 } as const;

/** Opening hours on the contact page (SPEC §9). */
export const contactHours: OpeningHours[] = [
  { days: "Mon-Fri", hours: "9:00 AM-6:00 PM" },
  { days: "Saturday", hours: "10:00 AM-4:00 PM" },
  { days: "Sunday", hours: "Closed" },
];

/** The same office hours in schema.org form (JSON-LD); keep in step with contactHours. */
export const officeHoursSpecification: { days: string[]; opens: string; closes: string }[] = [
  { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "18:00" },
  { days: ["Saturday"], opens: "10:00", closes: "16:00" },
];
