// Student Visa Services: the copy of /services/student-visa.
import { APPLY_ONLINE_HREF } from "../navigation.ts";
import type { ServicePage } from "../types.ts";

export const studentVisa: ServicePage = {
  slug: "student-visa",
  title: "Student Visa Services",
  metaDescription:
    "Student visa services for Nigerians heading to the UK, USA, Canada or Australia: CAS, I-20 and offer letters, sponsor funds, study gap letters and interviews.",
  eyebrow: "Visa Services",
  intro: [
    "Your admission letter is only half the journey. Every country asks student visa applicants to prove they are genuine students with enough money for tuition and living costs, and each has its own forms, fees and deadlines.",
    "We help Nigerian students and their parents or sponsors prepare financial documents, explain any study gap and complete the application correctly, whether you are going to the UK, USA, Canada or Australia.",
  ],
  requirements: [
    "Offer confirmation from your school: CAS (UK), Form I-20 (USA), letter of acceptance (Canada) or CoE (Australia)",
    "WAEC/NECO results, degree certificates and transcripts",
    "English test results (IELTS, TOEFL, PTE or Duolingo) as accepted by your institution",
    "Proof of funds for tuition and living costs, with a sponsor's letter and bank statements",
    "Valid international passport",
    "TB test certificate or medical examination where the destination requires it",
    "Statement of purpose explaining your study plans and any gap in your education",
  ],
  benefits: [
    "One checklist for your destination, updated when the rules change",
    "Guidance for parents and sponsors on presenting funds and explaining their source",
    "Help writing a clear study gap explanation",
    "Mock interviews for US F-1 applicants",
    "Pre-departure briefing on travel, accommodation and arrival",
  ],
  process: [
    {
      step: "Offer Letter",
      description: "We confirm that your admission is unconditional and that your CAS, I-20, letter of acceptance or CoE is ready.",
    },
    {
      step: "Financial Documents",
      description: "We help you and your sponsor prepare bank statements, sponsorship letters and any scholarship evidence.",
    },
    { step: "Visa Application", description: "We complete the form with you, pay the fees and prepare you for biometrics or your visa interview." },
    { step: "Pre-Departure", description: "Once your visa is granted, we help with flights, accommodation and your arrival plans." },
  ],
  ctaLabel: "Apply for a Student Visa Online",
  ctaHref: APPLY_ONLINE_HREF,
  highlights: ["UK, USA, Canada & Australia", "Sponsor fund guidance", "Study gap letters"],
};
