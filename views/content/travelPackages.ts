// /travel-packages copy (SPEC §2.5): the packages, their price note and the services around them.
import type { Card, PageMeta, TravelPackage } from "./types";

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
