// Copy for the other public marketing pages (SPEC §2.5, §3 "Static content", §9 hours and facts).
import type { Card, OpeningHours, PageMeta, Testimonial, TravelPackage } from "./types";

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  initials: string;
}

// /our-services

export const ourServicesMeta: PageMeta = {
  title: "Our Services",
  metaDescription:
    "Immigration, visa consultation, study abroad, travel packages, document preparation and settlement services for Nigerian travellers, from our office in Ikeja.",
};

export const ourServicesIntro = {
  eyebrow: "What We Offer",
  title: "Our Services",
  subtitle: "Everything you need to travel, study, work or settle abroad, handled by one experienced team in Ikeja, Lagos.",
  learnMore: "Learn More",
  ctaTitle: "Not Sure Where to Start?",
  ctaText: "Book a consultation and we will look at your goals, documents and budget, then recommend the right route for you.",
  ctaButton: "Book a Consultation",
} as const;

export const ourServicesCards: Card[] = [
  {
    icon: "Globe",
    title: "Immigration Services",
    description: "Permanent residence and long-term routes to Canada, the USA and the UK, including skilled worker and family sponsorship options.",
    href: "/services/canada-immigration",
  },
  {
    icon: "Stamp",
    title: "Visa Consultation",
    description: "Tourist, business and visit visas, with a full review of your bank statements, cover letter and itinerary before you apply.",
    href: "/services/tourist-visa",
  },
  {
    icon: "GraduationCap",
    title: "Study Abroad Programs",
    description: "University admission, scholarship research and student visas for the USA, UK, Canada and Australia.",
    href: "/services/study-abroad",
  },
  {
    icon: "Plane",
    title: "Travel Packages",
    description: "Curated holidays to Dubai, Europe, the USA, the UK, the Caribbean and Asia, priced in Naira per person.",
    href: "/travel-packages",
  },
  {
    icon: "FileText",
    title: "Document Preparation",
    description: "Cover letters, sponsor letters, itineraries and document checks so your application is complete and consistent.",
    href: "/contact",
  },
  {
    icon: "Home",
    title: "Settlement Services",
    description: "Practical help after your visa: finding accommodation, airport pickup, opening a bank account and settling into your new country.",
    href: "/services/canada-immigration",
  },
];

// /about

export const aboutMeta: PageMeta = {
  title: "About Us",
  metaDescription:
    "Meet the Ikeja-based team helping Nigerians travel, study and settle abroad for over ten years. Read our story and values, and visit our office in Lagos.",
};

export const aboutIntro = {
  eyebrow: "About Us",
  title: "Helping Nigerians Travel, Study and Settle Abroad",
  subtitle: "An Ikeja-based consultancy built on honest advice, careful preparation and more than ten years of experience.",
  storyHeading: "Our Story",
  valuesHeading: "Our Values",
  teamHeading: "Our Team",
  hoursHeading: "Opening Hours",
  directions: "Get in touch",
} as const;

/** Office hours shown on the about page (SPEC §9). */
export const aboutHours: OpeningHours[] = [
  { days: "Mon-Fri", hours: "9:00 AM-6:00 PM" },
  { days: "Saturday", hours: "10:00 AM-4:00 PM" },
];

export const about: {
  story: string[];
  values: Card[];
  team: TeamMember[];
  office: { heading: "Visit Our Office"; text: string };
} = {
  story: [
    "We started in Ikeja more than ten years ago with a simple idea: Nigerians deserve clear, honest advice about travelling, studying and building a life abroad. Too many people were losing money to agents who promised guaranteed visas and then disappeared.",
    "Since then we have helped thousands of students, professionals, families and holidaymakers from every part of the country, from first-time travellers in Lagos to nurses in Port Harcourt and business owners in Kano. Our consultants keep up with changing embassy rules so our clients do not have to.",
    "Today we offer visa consultation, study abroad programmes, immigration support and travel packages under one roof, together with an online portal where clients can complete applications, upload documents and follow their progress.",
  ],
  values: [
    {
      icon: "ShieldCheck",
      title: "Integrity",
      description: "We give honest assessments, charge transparent fees and never promise a visa that only an embassy can grant.",
    },
    {
      icon: "HeartHandshake",
      title: "Client Care",
      description: "Every client has a named consultant who answers questions promptly and explains each step in plain language.",
    },
    {
      icon: "ClipboardCheck",
      title: "Attention to Detail",
      description: "Small errors cause refusals. We check every form and document carefully before anything is submitted.",
    },
    {
      icon: "BookOpen",
      title: "Continuous Learning",
      description: "Immigration rules change constantly. Our team follows official updates so our advice stays current.",
    },
  ],
  team: [
    {
      name: "Adaeze Okonkwo",
      role: "Founder & Managing Director",
      bio: "Adaeze studied in the UK and founded the consultancy after seeing how hard it was for Nigerian families to get reliable advice. She oversees every service line.",
      initials: "AO",
    },
    {
      name: "Tunde Bakare",
      role: "Head of Immigration Services",
      bio: "Tunde leads our Canada, USA and UK immigration work, guiding skilled workers and families through Express Entry, sponsorship and petitions.",
      initials: "TB",
    },
    {
      name: "Fatima Bello",
      role: "Study Abroad Lead",
      bio: "Fatima has guided hundreds of students from WAEC results to campus, with a special focus on scholarships and postgraduate admissions.",
      initials: "FB",
    },
    {
      name: "Chinedu Eze",
      role: "Travel & Client Relations Manager",
      bio: "Chinedu puts together our travel packages and makes sure every client's question gets a clear answer within 24 hours.",
      initials: "CE",
    },
  ],
  office: {
    heading: "Visit Our Office",
    text: "Our office is in Ikeja, Lagos, and we are open Mon-Fri 9:00 AM-6:00 PM and Saturday 10:00 AM-4:00 PM. Walk-ins are welcome, but booking a consultation in advance means a consultant will be ready for you with time to go through your documents.",
  },
};

// /success-stories

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

// /contact

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

// /travel-packages

export const packagesMeta: PageMeta = {
  title: "Travel Packages",
  metaDescription:
    "Holiday packages from Nigeria to Europe, Dubai, the USA, the UK, the Caribbean and Asia, priced in Naira per person with hotels, tours and visa support.",
};

export const packagesIntro = {
  eyebrow: "Travel Packages",
  title: "Featured Travel Packages",
  subtitle: "Hand-picked holidays from Nigeria with hotels, tours and visa support arranged for you.",
  packagesHeading: "Our Featured Packages",
  includesHeading: "What's included",
  perPerson: "per person",
  bookNow: "Book Now",
  servicesHeading: "Travel Services",
  servicesSubtitle: "Planning your own trip? We can arrange any part of it.",
  ctaTitle: "Looking for Something Different?",
  ctaText: "Tell us your destination, dates and budget and we will put together a package that suits you.",
  ctaButton: "Contact Us",
} as const;

/** Shown next to the package prices. */
export const packagesPriceNote = "Prices are per person in Naira and may change with exchange rates and availability. Visa fees are paid separately.";

export const travelPackages: TravelPackage[] = [
  {
    title: "European Grand Tour",
    destinations: "France, Switzerland, Italy & the Netherlands",
    duration: "14 days",
    price: "₦2,500,000",
    includes: [
      "Schengen visa application support",
      "4-star hotels with daily breakfast",
      "Guided city tours of Paris, Rome and Amsterdam",
      "Inter-city rail travel",
      "Travel medical insurance",
      "Airport transfers",
    ],
    rating: 4.9,
  },
  {
    title: "Dubai Luxury Escape",
    destinations: "Dubai & Abu Dhabi, UAE",
    duration: "7 days",
    price: "₦1,200,000",
    includes: [
      "UAE tourist visa processing",
      "5-star hotel with daily breakfast",
      "Desert safari with barbecue dinner",
      "Burj Khalifa observation deck tickets",
      "Abu Dhabi city tour",
      "Airport transfers",
    ],
    rating: 5,
  },
  {
    title: "USA Coast to Coast",
    destinations: "New York, Washington DC, Las Vegas & Los Angeles",
    duration: "12 days",
    price: "₦3,200,000",
    includes: [
      "US visa interview preparation",
      "Hotels in all four cities",
      "Domestic flights between cities",
      "Guided tours of Manhattan and Washington DC",
      "Travel medical insurance",
    ],
    rating: 4.8,
  },
  {
    title: "UK Heritage Tour",
    destinations: "London, Oxford, Stratford-upon-Avon & Edinburgh",
    duration: "10 days",
    price: "₦1,800,000",
    includes: [
      "UK visitor visa application support",
      "Centrally located hotels with breakfast",
      "Tower of London and Edinburgh Castle entry",
      "Train travel from London to Edinburgh",
      "Airport transfers",
    ],
    rating: 4.7,
  },
  {
    title: "Caribbean Paradise",
    destinations: "Jamaica & the Bahamas",
    duration: "9 days",
    price: "₦1,500,000",
    includes: [
      "Visa application support",
      "Beachfront resort accommodation",
      "Island-hopping boat excursion",
      "Guided tour of Kingston and Montego Bay",
      "Airport transfers",
    ],
    rating: 4.9,
  },
  {
    title: "Asian Adventure",
    destinations: "Thailand, Malaysia & Singapore",
    duration: "11 days",
    price: "₦1,350,000",
    includes: [
      "Visa application support for all three countries",
      "4-star hotels with breakfast",
      "Bangkok temples and floating market tour",
      "Kuala Lumpur Petronas Towers visit",
      "Singapore Gardens by the Bay entry",
      "Airport transfers",
    ],
    rating: 4.8,
  },
];

export const packageServiceCards: Card[] = [
  {
    icon: "Plane",
    title: "Flight Booking",
    description: "Competitive fares from Lagos and Abuja on trusted airlines, with flight reservations for your visa application.",
  },
  {
    icon: "Hotel",
    title: "Hotel Reservations",
    description: "Carefully chosen hotels for every budget, with booking confirmations ready for your visa file.",
  },
  {
    icon: "ShieldCheck",
    title: "Travel Insurance",
    description: "Medical and travel cover that meets embassy requirements, including Schengen's minimum of €30,000.",
  },
  {
    icon: "Car",
    title: "Airport Transfers",
    description: "Reliable pickups and drop-offs at your destination so you arrive relaxed and on time.",
  },
];

// 404

export const notFoundMeta: PageMeta = {
  title: "Page Not Found",
  metaDescription:
    "The page you are looking for could not be found. Return to the home page to explore our visa, study abroad, immigration and travel services for Nigerians.",
};
