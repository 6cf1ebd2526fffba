// Australia Immigration: the copy of /services/australia-immigration.
import type { ServicePage } from "../types.ts";

export const australiaImmigration: ServicePage = {
  slug: "australia-immigration",
  title: "Australia Immigration",
  metaDescription:
    "Australia from Nigeria: skilled migration points test, employer sponsorship, student, partner and visitor visas lodged in ImmiAccount, biometrics in Lagos or Abuja.",
  eyebrow: "Immigration",
  intro: [
    "Australia selects skilled migrants through a points test and employer sponsorship, and welcomes students, partners and visitors through visas lodged online. For Nigerians the first hurdle is usually a skills assessment for your occupation and an English test score that earns enough points.",
    "Every application is made online in ImmiAccount with the Department of Home Affairs; the Australian High Commission in Abuja does not handle visas. When Home Affairs asks for your fingerprints and photograph, you attend an Australian biometric collection centre in Lagos or Abuja.",
  ],
  requirements: [
    "Valid international passport",
    "Skills assessment from the assessing authority for your occupation (skilled routes)",
    "English test results such as IELTS, PTE Academic or TOEFL iBT",
    "Birth certificate, and marriage certificate for an accompanying partner",
    "Police certificate from the Nigeria Police Force and from every country where you lived for 12 months or more in the last 10 years",
    "Health examinations with a panel physician, when Home Affairs asks for them",
    "Biometrics at the collection centre in Lagos or Abuja, when requested",
  ],
  benefits: [
    "A points estimate for the skilled visas before you pay for a skills assessment",
    "Help choosing between independent, state-nominated and employer-sponsored routes",
    "ImmiAccount set-up and a review of every upload before you lodge",
    "Evidence plans for partner visas, which are judged on the whole relationship",
    "Reminders for health checks, biometrics and requests for more information",
  ],
  process: [
    { step: "Assessment", description: "We check your occupation, age, English and experience against the points test and sponsorship rules." },
    { step: "Skills & English", description: "We guide your skills assessment and English test, then your Expression of Interest in SkillSelect." },
    { step: "Lodgement", description: "After an invitation, nomination or offer, we help you lodge a complete application in ImmiAccount." },
    { step: "Grant", description: "We help with biometrics, health checks and your travel plans once the visa is granted." },
  ],
  ctaLabel: "Plan Your Move to Australia",
  highlights: ["Skilled & employer routes", "Lodged online in ImmiAccount", "Biometrics in Lagos or Abuja"],
  routes: [
    {
      purpose: "Work",
      visa: "Skilled Independent (189), Skilled Nominated (190), Skilled Work Regional (491) or employer-sponsored visas",
      documents: [
        "Positive skills assessment for an occupation on the relevant list",
        "English test result and evidence for every point you claim",
        "State nomination or employer sponsorship where the visa needs one",
      ],
      money:
        "Visa application charges are reviewed every July and differ by visa and family size; employer-sponsored visas also set a minimum salary. We quote the current charges from Home Affairs before you lodge.",
      processing: "Depends on the visa and on when you are invited; Home Affairs publishes current processing times for each visa.",
    },
    {
      purpose: "Study",
      visa: "Student visa (subclass 500)",
      documents: [
        "Confirmation of Enrolment (CoE) and a Genuine Student statement",
        "Overseas Student Health Cover for your whole stay",
        "English test result and academic documents",
      ],
      money:
        "Evidence of funds for travel, the first year's tuition and living costs at Home Affairs' current figure (AUD 29,710 a year for the student from May 2024; the figure is indexed).",
      processing: "Depends on the education sector; check Home Affairs' processing times before you plan your intake.",
    },
    {
      purpose: "Family",
      visa: "Partner visa (subclasses 309 and 100) for the spouse or de facto partner of an Australian citizen or permanent resident",
      documents: [
        "Marriage certificate or evidence of a de facto relationship",
        "Evidence of a genuine and continuing relationship: shared finances, household, social ties and commitment",
        "Your partner's sponsorship and citizenship or residence evidence",
      ],
      money: "Partner visas carry one of Australia's highest application charges; we confirm the current amount before you lodge.",
      processing: "Often long; Home Affairs publishes the current times.",
    },
    {
      purpose: "Visit",
      visa: "Visitor visa (subclass 600)",
      documents: [
        "Bank statements and evidence of income",
        "Employment letter with approved leave, or business registration",
        "Invitation letter where you are visiting family",
      ],
      money: "Visitor visa charge set by Home Affairs, plus enough money for your stay.",
      processing: "Lodge at least six weeks before travel; Home Affairs publishes current times.",
    },
    {
      purpose: "Residence",
      visa: "Permanent residence through the 189, 190, employer-sponsored or partner routes",
      documents: ["The documents of the route that leads to permanent residence", "Health and character checks for every family member"],
      money: "Charges depend on the route; family members add to the cost.",
      processing: "Depends on the route; the skilled 189 and 190 visas are permanent from grant.",
    },
  ],
  lodging: [
    "Australian visas are lodged online in ImmiAccount; the Australian High Commission in Abuja does not provide visa services.",
    "When Home Affairs asks for biometrics, you book an appointment at the Australian biometric collection centre in Lagos or Abuja.",
  ],
  review: {
    lastReviewed: "November 2026",
    sources: [
      {
        label: "Australian High Commission, Nigeria: visas and migration",
        href: "https://nigeria.highcommission.gov.au/aaja/Visas_and_Migration.html",
      },
      {
        label: "Department of Home Affairs: global visa processing times",
        href: "https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-processing-times/global-visa-processing-times",
      },
      {
        label: "Department of Home Affairs: Student visa (subclass 500)",
        href: "https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/student-500",
      },
      { label: "Department of Home Affairs: SkillSelect", href: "https://immi.homeaffairs.gov.au/visas/working-in-australia/skillselect" },
      {
        label: "Department of Home Affairs: Visitor visa (subclass 600)",
        href: "https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/visitor-600",
      },
    ],
  },
};
