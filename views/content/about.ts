// /about copy (SPEC §2.5, §9 hours): the story, values, team and opening hours.
import type { Card, OpeningHours, PageMeta } from "./types";

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  initials: string;
}

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
