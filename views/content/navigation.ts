// Navigation bar menus and footer link lists (SPEC §2.2, §2.3, §9 dropdown widths); each destination has its own page.
import type { NavLink, NavMenu } from "./types";

/** The online application (a visitor who is not signed in is asked to sign in first, then lands on it). */
export const APPLY_ONLINE_HREF = "/visa-application/new";

export const navMenus: NavMenu[] = [
  {
    id: "about",
    label: "About Us",
    width: 400,
    groups: [
      {
        heading: "Company",
        links: [
          { label: "Our Services", href: "/our-services", description: "Everything we can help you with" },
          { label: "About Us", href: "/about", description: "Our story, values and team" },
          { label: "Success Stories", href: "/success-stories", description: "Results and reviews from our clients" },
          { label: "Contact", href: "/contact", description: "Visit, call or message our Ikeja office" },
        ],
      },
    ],
  },
  {
    id: "immigration",
    label: "Immigration",
    width: 600,
    groups: [
      {
        heading: "North America",
        links: [
          { label: "Canada", href: "/services/canada-immigration", description: "Express Entry, PNP and family sponsorship" },
          { label: "USA", href: "/services/usa-immigration", description: "Family and employment-based green cards" },
        ],
      },
      {
        heading: "Europe",
        links: [
          { label: "United Kingdom", href: "/services/uk-immigration", description: "Skilled Worker and family visas" },
          { label: "Germany", href: "/services/germany-immigration", description: "Skilled work and job-seeker routes" },
          { label: "Portugal", href: "/services/portugal-immigration", description: "Work and residence visas" },
        ],
      },
      {
        heading: "Popular Destinations",
        links: [
          { label: "Australia", href: "/services/australia-immigration", description: "Skilled migration pathways" },
          { label: "New Zealand", href: "/services/new-zealand-immigration", description: "Skilled migrant residence" },
          { label: "Dubai/UAE", href: "/services/dubai-uae-immigration", description: "Employment and residence visas" },
        ],
      },
    ],
  },
  {
    id: "visa",
    label: "Visa Services",
    width: 700,
    groups: [
      {
        heading: "Tourist Visas",
        links: [
          { label: "Tourist Visa Services", href: "/services/tourist-visa", description: "Holidays, family visits and short trips" },
          { label: "UK & Schengen Visits", href: "/services/tourist-visa", description: "Visitor visas for the UK and Europe" },
          { label: "USA & Canada Visits", href: "/services/tourist-visa", description: "Visitor visas with interview preparation" },
        ],
      },
      {
        heading: "Work Visas",
        links: [
          { label: "Work Visa Assistance", href: "/services/work-visa", description: "From job offer to relocation" },
          { label: "Skilled Worker Routes", href: "/services/work-visa", description: "Sponsorship, LMIA and employer petitions" },
        ],
      },
      {
        heading: "Student Visas",
        links: [
          { label: "Student Visa Services", href: "/services/student-visa", description: "CAS, I-20, letters of acceptance and CoE" },
          { label: "Sponsor & Funds Guidance", href: "/services/student-visa", description: "Proof of funds for parents and sponsors" },
        ],
      },
    ],
  },
  {
    id: "study",
    label: "Study Abroad",
    width: 500,
    groups: [
      {
        heading: "Top Destinations",
        links: [
          { label: "Study in USA", href: "/services/study-usa" },
          { label: "Study in UK", href: "/services/study-uk" },
          { label: "Study in Canada", href: "/services/study-canada" },
          { label: "Study in Australia", href: "/services/study-australia" },
          { label: "Study Abroad Programs", href: "/services/study-abroad" },
        ],
      },
      {
        heading: "Services",
        links: [
          { label: "University Admission", href: "/services/study-abroad" },
          { label: "Scholarship Assistance", href: "/services/study-abroad" },
          { label: "Accommodation Support", href: "/services/study-abroad" },
          { label: "Student Visa Processing", href: "/services/student-visa" },
        ],
      },
    ],
  },
];

export const footerServices: NavLink[] = [
  { label: "Tourist Visas", href: "/services/tourist-visa" },
  { label: "Work Visas", href: "/services/work-visa" },
  { label: "Student Visas", href: "/services/student-visa" },
  { label: "Study Abroad", href: "/services/study-abroad" },
  { label: "Canada Immigration", href: "/services/canada-immigration" },
  { label: "Germany Immigration", href: "/services/germany-immigration" },
  { label: "Portugal Immigration", href: "/services/portugal-immigration" },
  { label: "Australia Immigration", href: "/services/australia-immigration" },
  { label: "New Zealand Immigration", href: "/services/new-zealand-immigration" },
  { label: "Dubai & UAE Immigration", href: "/services/dubai-uae-immigration" },
  { label: "Travel Packages", href: "/travel-packages" },
];

export const footerQuickLinks: NavLink[] = [
  { label: "Apply online", href: APPLY_ONLINE_HREF },
  { label: "Services", href: "/our-services" },
  { label: "Contact", href: "/contact" },
  { label: "About Us", href: "/about" },
  { label: "FAQ", href: "/faq" },
  { label: "Privacy", href: "/privacy" },
];
