// Service pages under /services/{slug} (SPEC §2.5, §3 "Static content", §9 content facts).
import type { Card, ServicePage } from "./types";

/** The four service cards shown on the Study Abroad Programs page (SPEC §2.5). */
export const studyAbroadServiceCards: Card[] = [
  {
    icon: "GraduationCap",
    title: "University Admission",
    description:
      "We match your grades, budget and career plans to suitable universities, then help you write a strong statement of purpose and submit complete applications before the deadlines.",
  },
  {
    icon: "FileText",
    title: "Document Preparation",
    description:
      "WAEC/NECO results, transcripts, reference letters, sponsor letters and bank statements checked and organised so that nothing is missing or inconsistent.",
  },
  {
    icon: "Stamp",
    title: "Visa Processing",
    description:
      "Step-by-step help with your CAS, I-20, letter of acceptance or CoE, the online visa form, fee payments and your biometrics appointment in Lagos or Abuja.",
  },
  {
    icon: "PlaneTakeoff",
    title: "Pre-Departure Support",
    description:
      "Accommodation, flight booking, what to pack, how to open a bank account on arrival and a briefing on life as an international student.",
  },
];

export const servicePages: ServicePage[] = [
  {
    slug: "canada-immigration",
    title: "Canada Immigration",
    metaDescription:
      "Move to Canada from Nigeria with help on Express Entry, provincial nominee and family sponsorship routes, from IELTS and WES to proof of settlement funds.",
    eyebrow: "Immigration",
    intro: [
      "Canada remains one of the most popular destinations for skilled Nigerians and their families. Before you spend money on tests and fees, we help you understand which route genuinely fits your profile: Express Entry, a Provincial Nominee Programme or family sponsorship.",
      "From booking IELTS or CELPIP and getting your degree assessed by WES to presenting your proof of funds and attending biometrics at the visa application centre in Lagos or Abuja, we keep your file organised and your expectations realistic. The final decision always rests with Immigration, Refugees and Citizenship Canada (IRCC).",
    ],
    requirements: [
      "Valid international passport for you and every family member included in the application",
      "English or French test results (IELTS General Training, CELPIP or TEF) taken within the last two years",
      "Educational Credential Assessment (ECA) of your highest qualification, for example from WES",
      "Reference letters from employers showing your job title, duties, hours per week and salary",
      "Proof of settlement funds that meets IRCC's current figure for your family size, usually shown with six months of bank statements",
      "Police character certificate from the Nigeria Police Force and from any country where you lived for six months or more",
      "Immigration medical examination with an IRCC-approved panel physician",
      "Birth certificates and marriage certificate for any accompanying dependants",
    ],
    benefits: [
      "An honest eligibility check and CRS score estimate before you commit to any fees",
      "Clear advice on Express Entry, provincial nominee streams and family sponsorship",
      "A document checklist tailored to your profile, including how to present Naira savings as proof of funds",
      "Careful review of your online profile and documents before anything is submitted",
      "Reminders for biometrics, medicals and passport requests so no deadline is missed",
    ],
    process: [
      {
        step: "Assessment",
        description:
          "We review your age, education, work experience and language scores, estimate your CRS points and recommend the most suitable route.",
      },
      {
        step: "Documentation",
        description: "We guide you through language tests, WES assessment, employer reference letters, proof of funds and police certificates.",
      },
      {
        step: "Application",
        description:
          "We help you build your profile and, once you receive an invitation or nomination, submit a complete and consistent application.",
      },
      {
        step: "Approval",
        description:
          "If IRCC approves your application, we help with the passport request, your Confirmation of Permanent Residence and planning your landing in Canada.",
      },
    ],
    ctaLabel: "Book a Canada Assessment",
    highlights: ["Express Entry & PNP", "Family sponsorship", "Biometrics in Lagos or Abuja"],
  },
  {
    slug: "usa-immigration",
    title: "USA Immigration",
    metaDescription:
      "Help for Nigerians with US immigrant visas through family or employer sponsorship: petitions, NVC documents, medicals and interview coaching in Lagos or Abuja.",
    eyebrow: "Immigration",
    intro: [
      "Most routes to living permanently in the United States start with a petition, either from a close relative who is a US citizen or green-card holder, or from a US employer. Waiting times depend on the category and can range from months to many years, so good planning matters.",
      "We explain where you stand, help you gather documents for the National Visa Center and prepare you for your interview at the US Consulate in Lagos or the US Embassy in Abuja. US rules change often, so we check the latest State Department guidance for every case.",
    ],
    requirements: [
      "Valid international passport with at least six months' validity beyond your intended date of entry",
      "An approved petition, such as Form I-130 from a relative or Form I-140 from an employer",
      "Completed immigrant visa application (Form DS-260) and its confirmation page",
      "Affidavit of Support (Form I-864) from your sponsor, with their recent tax returns",
      "Birth certificate from the National Population Commission and, where relevant, your marriage certificate",
      "Police character certificate from the Nigeria Police Force",
      "Medical examination with a panel physician approved by the US Embassy",
    ],
    benefits: [
      "A plain-English explanation of the family and employment categories and their waiting times",
      "Help tracking your priority date in the monthly Visa Bulletin",
      "Document review against National Visa Center requirements before upload",
      "Interview preparation with realistic practice questions",
      "Practical guidance on arrival, your green card and first steps in the US",
    ],
    process: [
      { step: "Eligibility Review", description: "We confirm which category applies to you, who can petition for you and the likely waiting time." },
      {
        step: "Petition & NVC",
        description:
          "Once the petition is approved, we help you pay fees and upload civil documents and financial evidence to the National Visa Center.",
      },
      {
        step: "Interview",
        description: "We prepare you for the medical examination and your interview at the US Consulate in Lagos or the Embassy in Abuja.",
      },
      {
        step: "Arrival",
        description: "If your visa is issued, we go through the immigrant fee, your travel plans and what to expect at the port of entry.",
      },
    ],
    ctaLabel: "Discuss Your US Case",
    highlights: ["Family & employment routes", "Visa Bulletin tracking", "Interview coaching"],
  },
  {
    slug: "uk-immigration",
    title: "UK Immigration",
    metaDescription:
      "UK immigration help for Nigerians: Skilled Worker, Health and Care and family visas, sponsor checks, TB test guidance and biometrics in Lagos or Abuja.",
    eyebrow: "Immigration",
    intro: [
      "The United Kingdom is home to a large Nigerian community and remains a leading destination for nurses, carers, engineers, IT professionals and families joining loved ones. Each route has strict rules on sponsorship, salary, English language and finances.",
      "We help you choose the right route, check that your sponsor is genuinely licensed by the Home Office and prepare a complete application ready for your biometrics appointment at TLScontact in Lagos or Abuja.",
    ],
    requirements: [
      "Valid international passport with at least 6 months' validity",
      "Certificate of Sponsorship from a Home Office-licensed employer, or proof of your relationship for family routes",
      "English language evidence, such as an IELTS for UKVI result or a degree taught in English confirmed by Ecctis",
      "Tuberculosis (TB) test certificate from a Home Office-approved clinic, for stays longer than six months",
      "Bank statements showing the required maintenance funds held for 28 consecutive days, where applicable",
      "Police character certificate from the Nigeria Police Force, where your route requires one",
      "Payment of the visa fee and the Immigration Health Surcharge",
    ],
    benefits: [
      "Advice on Skilled Worker, Health and Care Worker, family and other routes",
      "Checks on your job offer and sponsor licence to help you avoid recruitment scams",
      "A full review of your documents before you pay the visa fee and health surcharge",
      "Booking support for your biometrics appointment at TLScontact",
      "Help setting up your UKVI account and eVisa after a decision",
    ],
    process: [
      { step: "Route Selection", description: "We look at your job offer, qualifications or family ties and confirm the UK route you qualify for." },
      {
        step: "Documents",
        description: "We prepare your checklist, including the TB test, English evidence, bank statements and sponsor documents.",
      },
      {
        step: "Application",
        description: "We help you complete the online form, pay the fees and attend your biometrics appointment in Lagos or Abuja.",
      },
      { step: "Decision & Travel", description: "Once UKVI decides, we help you access your eVisa and plan your travel and arrival in the UK." },
    ],
    ctaLabel: "Start Your UK Application",
    highlights: ["Skilled Worker & family routes", "TB test guidance", "TLScontact Lagos & Abuja"],
  },
  {
    slug: "tourist-visa",
    title: "Tourist Visa Services",
    metaDescription:
      "Tourist visa help for Nigerians visiting the UK, Schengen area, USA, Canada or Dubai: bank statement review, cover letters, itineraries and biometrics booking.",
    eyebrow: "Visa Services",
    intro: [
      "Whether you are planning a holiday, visiting family or attending a graduation abroad, a well-prepared tourist visa application shows the embassy who you are, why you are travelling and why you will return to Nigeria.",
      "We review your finances, travel history and ties to home, then help you present them clearly. Many refusals come from avoidable mistakes, such as unexplained lump sums in a bank statement or an itinerary that does not match your budget.",
    ],
    requirements: [
      "International passport valid for at least six months, with blank pages, plus your old passports showing travel history",
      "Personal bank statements of the last 3-6 months, stamped by your bank, showing steady income",
      "Employment letter with approved leave, or CAC registration documents if you run your own business",
      "Confirmed hotel booking, or an invitation letter and host's documents if you are staying with family",
      "Flight reservation and a day-by-day itinerary",
      "Travel medical insurance where required (Schengen visas need at least €30,000 of cover)",
      "Yellow fever vaccination card",
      "Recent passport photographs that meet the destination's specification",
    ],
    benefits: [
      "Advice on the right destination and visa type for your travel history",
      "A cover letter and itinerary that clearly explain your trip and your ties to Nigeria",
      "A careful review of your bank statements before you submit",
      "Appointment booking for biometrics at the visa application centre in Lagos or Abuja",
      "Help arranging hotel bookings, flight reservations and travel insurance",
    ],
    process: [
      {
        step: "Destination",
        description: "Tell us where you want to go and why. We confirm the visa you need, the current processing time and the fees.",
      },
      { step: "Documents", description: "We send a tailored checklist and review every document, from bank statements to your employment letter." },
      { step: "Application", description: "We help you complete the online form, pay the fees and attend your biometrics or interview appointment." },
      { step: "Travel", description: "Once your visa is issued, we help with flights, hotels, insurance and what to carry at the port of entry." },
    ],
    ctaLabel: "Apply for a Tourist Visa",
    highlights: ["UK, Schengen, USA, Canada & UAE", "Biometrics in Lagos or Abuja", "Reply within 24 hours"],
  },
  {
    slug: "work-visa",
    title: "Work Visa Assistance",
    metaDescription:
      "Work visa assistance for Nigerian professionals: job offer checks, certificates of sponsorship, LMIA and employer routes, applications and relocation support.",
    eyebrow: "Visa Services",
    intro: [
      "A work visa almost always starts with a genuine job offer from an employer who is allowed to sponsor foreign workers. We help nurses, doctors, engineers, IT specialists, carers and other professionals understand what each country requires.",
      "We do not sell jobs or certificates of sponsorship. If anyone asks you to pay for a job offer abroad, treat it with great caution; we will gladly help you check whether an offer is genuine.",
    ],
    requirements: [
      "A genuine job offer or signed employment contract from an employer abroad",
      "Sponsorship from the employer, such as a UK Certificate of Sponsorship, a Canadian LMIA or a US petition",
      "Degree certificates, transcripts and your NYSC discharge or exemption certificate",
      "Professional registration where your job requires it, for example with the NMC for nurses in the UK",
      "English language test results where the route requires them",
      "Police character certificate and, for some countries, a medical or TB test certificate",
      "Updated CV and reference letters from previous employers",
    ],
    benefits: [
      "Checks on whether your job offer and sponsor are genuine before you pay anyone",
      "CV and document preparation to the standard employers abroad expect",
      "Guidance on the UK Skilled Worker, Canadian LMIA-based and other employer-sponsored routes",
      "Advice on bringing your spouse and children as dependants where the route allows",
      "A relocation checklist covering accommodation, money and your first weeks abroad",
    ],
    process: [
      { step: "Job Offer", description: "We review your offer letter and contract and check that the employer is genuine and able to sponsor you." },
      {
        step: "Sponsorship",
        description: "Your employer issues the sponsorship document. We make sure its details match your passport and qualifications.",
      },
      { step: "Visa Application", description: "We prepare your documents, complete the application with you and book your biometrics appointment." },
      { step: "Relocation", description: "Once your visa is granted, we help you plan flights, accommodation and your first days in your new job." },
    ],
    ctaLabel: "Get Work Visa Help",
    highlights: ["UK, Canada, USA & Europe", "Sponsor and job-offer checks", "Dependant visa advice"],
  },
  {
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
    ctaLabel: "Start Your Student Visa",
    highlights: ["UK, USA, Canada & Australia", "Sponsor fund guidance", "Study gap letters"],
  },
  {
    slug: "study-abroad",
    title: "Study Abroad Programs",
    metaDescription:
      "Study abroad from Nigeria with support on university admission, document preparation, visa processing and pre-departure, for the USA, UK, Canada and Australia.",
    eyebrow: "Study Abroad",
    intro: [
      "Studying abroad is a big investment for you and your family. Our study abroad programmes guide you from choosing a course to settling into your new campus, with honest advice on costs, scholarships and career prospects.",
      "We support you in four areas: University Admission, Document Preparation, Visa Processing and Pre-Departure Support. You can use the full programme or only the parts you need.",
    ],
    requirements: [
      "WAEC/NECO results with credits in English and Mathematics for undergraduate study",
      "Degree certificate and transcripts for postgraduate study",
      "English test results (IELTS, TOEFL, PTE or Duolingo), or a waiver where the university accepts your WAEC/NECO English grade",
      "Statement of purpose and two academic or professional references",
      "Updated CV for postgraduate applicants",
      "Valid international passport",
      "Evidence of how you will pay tuition and living costs",
    ],
    benefits: [
      "University Admission: course and university shortlisting matched to your grades and budget",
      "Document Preparation: transcripts, references and sponsor documents checked for consistency",
      "Visa Processing: support with your CAS, I-20, letter of acceptance or CoE and the visa itself",
      "Pre-Departure Support: accommodation, flights and an orientation briefing",
      "Scholarship and tuition discount research for every shortlisted university",
    ],
    process: [
      { step: "Counselling", description: "We discuss your goals, grades and budget and agree a shortlist of countries, courses and universities." },
      { step: "Applications", description: "We help you write your statement of purpose and submit complete applications before the deadlines." },
      { step: "Visa", description: "After you accept an offer, we prepare your financial documents and guide you through the student visa." },
      { step: "Departure", description: "We help with accommodation, flights and an orientation so you arrive ready to study." },
    ],
    ctaLabel: "Start Your Study Abroad Journey",
    highlights: ["USA, UK, Canada & Australia", "Scholarship research", "September & January intakes"],
    cards: { heading: "Our Study Abroad Services", items: studyAbroadServiceCards },
    extra: {
      heading: "Popular Destinations",
      items: [
        {
          title: "USA",
          description: "World-ranked universities, flexible majors and scholarships or assistantships for strong applicants.",
          href: "/services/study-usa",
        },
        {
          title: "UK",
          description: "One-year master's degrees and a 2-year post-study work visa for eligible graduates.",
          href: "/services/study-uk",
        },
        {
          title: "Canada",
          description: "Affordable public colleges and universities, with post-graduation work permits for eligible programmes.",
          href: "/services/study-canada",
        },
        {
          title: "Australia",
          description: "High-quality education, a warm climate and part-time work rights while you study.",
          href: "/services/study-australia",
        },
      ],
    },
  },
  {
    slug: "study-usa",
    title: "Study in the USA",
    metaDescription:
      "Study in the USA from Nigeria: university shortlisting, scholarships, Form I-20, SEVIS fee, DS-160 and F-1 visa interview preparation for Lagos or Abuja.",
    eyebrow: "Study Abroad",
    intro: [
      "American universities offer flexible programmes, excellent research facilities and generous scholarships and assistantships for strong applicants. Many Nigerian students choose the USA for STEM, business and health courses.",
      "We help you build a balanced university list, apply for funding and prepare for the F-1 visa interview at the US Consulate in Lagos or the US Embassy in Abuja, where you must clearly explain your study plans and how they will be funded.",
    ],
    requirements: [
      "Form I-20 issued by a SEVP-certified school",
      "SEVIS I-901 fee payment receipt",
      "Completed DS-160 form and visa fee payment confirmation",
      "WAEC/NECO results, or degree certificate and transcripts for graduate study",
      "English test results (TOEFL, IELTS or Duolingo) and, where required, SAT or GRE scores",
      "Bank statements and sponsor documents covering at least the first year's costs shown on your I-20",
      "Valid international passport",
    ],
    benefits: [
      "A balanced university shortlist across ambitious, target and safer choices",
      "Research on scholarships, tuition waivers and graduate assistantships",
      "Help with essays, recommendation letters and application portals",
      "Mock F-1 interviews with honest feedback",
      "Guidance on Optional Practical Training (OPT) after graduation",
    ],
    process: [
      { step: "Shortlisting", description: "We match your grades, test scores and budget to suitable US universities and funding options." },
      {
        step: "Admission & I-20",
        description: "We help you apply, accept your offer and provide the financial documents your school needs to issue your I-20.",
      },
      { step: "SEVIS & DS-160", description: "We guide you through the SEVIS fee, the DS-160 form and booking your visa interview." },
      {
        step: "Visa Interview",
        description: "We prepare you with mock interviews so you can explain your plans confidently at the US Consulate or Embassy.",
      },
    ],
    ctaLabel: "Plan Your US Studies",
    highlights: ["F-1 interview coaching", "Scholarships & assistantships", "OPT after graduation"],
  },
  {
    slug: "study-uk",
    title: "Study in the UK",
    metaDescription:
      "Study in the UK from Nigeria: one-year master's degrees, CAS and student visa support, TB test guidance and the 2-year post-study work visa (Graduate Route).",
    eyebrow: "Study Abroad",
    intro: [
      "UK universities are a long-standing favourite for Nigerian students. Many master's degrees take just one year, and eligible graduates can stay on through the 2-year post-study work visa (Graduate Route) to gain UK work experience.",
      "We help you choose the right course, secure your CAS and prepare a student visa application that meets the Home Office's financial and English language rules. Please note that most taught master's students can no longer bring dependants; research degree students may still do so.",
    ],
    requirements: [
      "Confirmation of Acceptance for Studies (CAS) from a licensed university",
      "WAEC/NECO results, or degree certificate and transcripts for postgraduate study",
      "English language evidence accepted by your university, such as IELTS for UKVI",
      "Tuition balance and living costs held in a bank account for 28 consecutive days",
      "TB test certificate from a Home Office-approved clinic in Nigeria",
      "Valid international passport and payment of the Immigration Health Surcharge",
    ],
    benefits: [
      "One-year master's degrees that save on tuition and living costs",
      "Eligibility for the 2-year post-study work visa (Graduate Route) after a bachelor's or master's degree",
      "Part-time work during term time within the limits on your visa",
      "Help with statements of purpose, CAS interviews and credibility checks",
      "Support with TB test booking and biometrics at TLScontact in Lagos or Abuja",
    ],
    process: [
      { step: "Course Selection", description: "We shortlist courses and universities that fit your background, budget and career plans." },
      {
        step: "Offer & CAS",
        description: "We help you apply, meet any offer conditions, pay your deposit and prepare for any credibility interview.",
      },
      {
        step: "Visa Application",
        description: "We check your 28-day funds, TB certificate and CAS details, then help you apply and attend biometrics.",
      },
      { step: "Arrival", description: "We help you plan accommodation, flights and your first weeks on campus." },
    ],
    ctaLabel: "Plan Your UK Studies",
    highlights: ["1-year master's degrees", "2-year Graduate Route", "September & January intakes"],
  },
  {
    slug: "study-canada",
    title: "Study in Canada",
    metaDescription:
      "Study in Canada from Nigeria: DLI admissions, provincial attestation letters, proof of funds, study permit biometrics and post-graduation work permit advice.",
    eyebrow: "Study Abroad",
    intro: [
      "Canada offers quality education at universities and colleges, a welcoming multicultural society and, for eligible programmes, a post-graduation work permit that can lead to permanent residence.",
      "Study permit rules have tightened in recent years, with caps on new permits and stricter proof of funds. We help you choose a designated learning institution (DLI), obtain the documents you need and present a clear, well-funded application.",
    ],
    requirements: [
      "Letter of acceptance from a designated learning institution (DLI)",
      "Provincial or territorial attestation letter (PAL/TAL), unless you are exempt",
      "Proof of funds covering first-year tuition plus IRCC's current cost-of-living amount",
      "WAEC/NECO results, or degree certificate and transcripts",
      "English test results such as IELTS Academic",
      "Biometrics at the visa application centre in Lagos or Abuja",
      "Immigration medical examination with an IRCC panel physician",
      "Valid international passport",
    ],
    benefits: [
      "Guidance on programmes that can qualify for a post-graduation work permit",
      "Part-time, off-campus work during studies within IRCC's weekly limit",
      "Clear advice on presenting sponsor funds and their source",
      "Help with your statement of purpose and study plan",
      "Information on when spouses of some master's and doctoral students may get an open work permit",
    ],
    process: [
      { step: "Programme Choice", description: "We match you to DLIs and programmes based on your goals, budget and post-graduation plans." },
      { step: "Acceptance & PAL", description: "We help you apply, accept your offer and obtain your provincial attestation letter." },
      { step: "Study Permit", description: "We prepare your financial documents and study plan, submit the application and book your biometrics." },
      { step: "Pre-Departure", description: "Once approved, we help you plan travel, accommodation and your arrival at the port of entry." },
    ],
    ctaLabel: "Plan Your Canadian Studies",
    highlights: ["Universities & colleges", "Post-graduation work permit", "Biometrics in Lagos or Abuja"],
  },
  {
    slug: "study-australia",
    title: "Study in Australia",
    metaDescription:
      "Study in Australia from Nigeria: CoE, Genuine Student statement, OSHC cover, financial capacity and work rights of 20 hours/week while studying. Book a session.",
    eyebrow: "Study Abroad",
    intro: [
      "Australia combines world-class universities with a relaxed lifestyle and strong graduate employment. Students may work 20 hours/week while studying, which falls within the current limit of 48 hours per fortnight during term, and without a limit during scheduled breaks.",
      "We help you choose a course, secure your Confirmation of Enrolment (CoE) and prepare a student visa (subclass 500) application that meets the Genuine Student and financial capacity requirements.",
    ],
    requirements: [
      "Confirmation of Enrolment (CoE) from a registered Australian institution",
      "Genuine Student (GS) statement explaining your study plans",
      "Evidence of financial capacity for tuition, living costs and travel",
      "Overseas Student Health Cover (OSHC) for your whole stay",
      "English test results such as IELTS, PTE or TOEFL",
      "WAEC/NECO results, or degree certificate and transcripts",
      "Health examination with an approved panel physician",
    ],
    benefits: [
      "Students may work 20 hours/week while studying, well within the 48 hours per fortnight limit",
      "Possible Temporary Graduate visa (subclass 485) after eligible study",
      "Help writing a clear and honest Genuine Student statement",
      "Advice on scholarships and tuition discounts for international students",
      "Support with OSHC, accommodation and pre-departure planning",
    ],
    process: [
      { step: "Course Selection", description: "We shortlist universities and courses that match your grades, budget and career goals." },
      { step: "Offer & CoE", description: "We help you apply, accept your offer, pay your deposit and buy OSHC so your CoE can be issued." },
      {
        step: "Visa Application",
        description: "We prepare your GS statement and financial evidence and submit your application through ImmiAccount.",
      },
      { step: "Arrival", description: "Once your visa is granted, we help with flights, accommodation and your orientation plans." },
    ],
    ctaLabel: "Plan Your Australian Studies",
    highlights: ["Work 20 hours/week while studying", "Post-study work visa", "February & July intakes"],
  },
];

/** Looks up a service page by its URL slug. */
export function findServicePage(slug: string): ServicePage | undefined {
  return servicePages.find((page) => page.slug === slug);
}
