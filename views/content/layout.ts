// Copy of the site chrome shared by every public page: top bar, navigation, footer, WhatsApp button, contact form.

export const skipLinkLabel = "Skip to content";

export const topBar = {
  hours: "Mon-Sat: 9AM-6PM",
  offices: "Worldwide Offices",
  consultation: "Free Consultation",
  callLabel: "Call us on",
  regionLabel: "Contact details",
} as const;

export const navLabels = {
  home: "Home",
  travelPackages: "Travel Packages",
  applyOnline: "Apply online",
  signIn: "Sign In",
  contactUs: "Contact Us",
  openMenu: "Open menu",
  closeMenu: "Close menu",
  mainNav: "Main",
  mobileNav: "Mobile",
  brandHome: "home page",
} as const;

export const footerCopy = {
  blurb: "Visa consultation, study abroad, immigration and travel packages for Nigerians, with honest advice from our office in Ikeja, Lagos.",
  quickLinksHeading: "Quick Links",
  servicesHeading: "Our Services",
  contactHeading: "Contact Us",
  socialHeading: "Follow Us",
  navLabel: "Footer",
  rights: "All rights reserved.",
  socialLabels: {
    facebook: "Facebook",
    instagram: "Instagram",
    twitter: "Twitter",
    linkedin: "LinkedIn",
  },
} as const;

export const whatsappLabel = "Chat with us on WhatsApp";

export const contactFormCopy = {
  heading: "Send Us a Message",
  name: "Full Name",
  email: "Email Address",
  phone: "Phone Number",
  message: "Message",
  namePlaceholder: "e.g. Chiamaka Obi",
  emailPlaceholder: "you@example.com",
  phonePlaceholder: "e.g. 0803 000 0000",
  messagePlaceholder: "Tell us where you want to go and how we can help.",
  submit: "Send Message",
  sentTitle: "Message Sent!",
  sentDescription: "We'll get back to you within 24 hours.",
  sending: "Sending…",
  failedTitle: "Message not sent",
  failedDescription: "Something went wrong. Your message is still here: please try again.",
  backHome: "Back to the home page",
  /** Pre-filled message when a visitor books a travel package. */
  bookingMessage: (packageTitle: string) => `I would like to book the ${packageTitle} package.`,
} as const;

export const contactInfoLabels = {
  visit: "Visit Us",
  call: "Call Us",
  email: "Email Us",
  hours: "Working Hours",
} as const;

export const ratingLabel = (rating: number) => `Rated ${rating} out of 5`;
