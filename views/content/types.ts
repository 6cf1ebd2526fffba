// Shapes of the static marketing copy kept as data (SPEC §3 "Static content").

/** An icon ContentIcon draws, by its name in views/components/ui/icons.ts (e.g. "Plane", "GraduationCap"). */
export type IconName = string;

export interface ProcessStep {
  step: string;
  description: string;
}

export interface ServicePage {
  /** URL segment under /services/, e.g. "canada-immigration". */
  slug: string;
  /** Document <title> (without the brand suffix) and main heading. */
  title: string;
  /** 140-160 characters, unique per page. */
  metaDescription: string;
  /** Short line shown above the heading, e.g. "Immigration". */
  eyebrow: string;
  /** One or two paragraphs introducing the service for Nigerian clients. */
  intro: string[];
  requirements: string[];
  benefits: string[];
  process: ProcessStep[];
  /** Call-to-action button label: it says where the button goes. */
  ctaLabel: string;
  /** Where the button goes: the contact form (/#contact) unless the page names the online application. */
  ctaHref?: string;
  /** Optional short facts shown as highlight chips, e.g. "Processing: 3-8 weeks". */
  highlights?: string[];
  /** Optional service cards (e.g. the four on the study-abroad page, SPEC §2.5). */
  cards?: { heading: string; items: Card[] };
  /** Optional extra section (e.g. popular destinations on the study-abroad page). */
  extra?: { heading: string; items: { title: string; description: string; href?: string }[] };
  /** Destination pages: the routes a Nigerian applicant uses (work, study, family, visit, residence). */
  routes?: VisaRoute[];
  /** Destination pages: where an application from Nigeria is lodged, one point a line. */
  lodging?: string[];
  /** Pages quoting rules that change: when they were last checked, and the official pages they come from. */
  review?: { lastReviewed: string; sources: SourceLink[] };
}

/** One way into a destination, as a Nigerian applicant meets it. */
export interface VisaRoute {
  /** "Work", "Study", "Family", "Visit" or "Residence". */
  purpose: string;
  /** The visa or permit, e.g. "EU Blue Card or skilled worker visa". */
  visa: string;
  documents: string[];
  /** The money the route asks for: fees and funds, or what they depend on where no current figure is confirmed. */
  money: string;
  /** Typical processing time, or what it depends on. */
  processing: string;
}

export interface SourceLink {
  label: string;
  href: string;
}

export interface Testimonial {
  name: string;
  initials: string;
  location: string;
  service: string;
  text: string;
  rating: 5;
}

export interface TravelPackage {
  title: string;
  destinations: string;
  duration: string;
  /** Naira text, e.g. "₦2,500,000". */
  price: string;
  includes: string[];
  rating: number;
}

export interface Card {
  icon: IconName;
  title: string;
  description: string;
  href?: string;
}

export interface NavLink {
  label: string;
  href: string;
  description?: string;
}

export interface NavGroup {
  heading: string;
  links: NavLink[];
}

export interface NavMenu {
  /** 'about' | 'immigration' | 'visa' | 'study' */
  id: "about" | "immigration" | "visa" | "study";
  label: string;
  /** Desktop dropdown width in px (SPEC §9: 400, 600, 700, 500). */
  width: number;
  groups: NavGroup[];
}

export interface PageMeta {
  title: string;
  metaDescription: string;
}

export interface OpeningHours {
  days: string;
  hours: string;
}
