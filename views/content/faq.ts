// Frequently asked questions (footer "FAQ" quick link).
import type { PageMeta } from "./types";

export const faqMeta: PageMeta = {
  title: "Frequently Asked Questions",
  metaDescription:
    "Answers to common questions from Nigerian applicants on visa processing times, proof of funds, refusals, fees, biometrics, study gaps and required documents.",
};

export const faqIntro = {
  eyebrow: "FAQ",
  title: "Frequently Asked Questions",
  subtitle: "Straight answers to the questions Nigerian applicants ask us most often.",
  ctaTitle: "Still Have Questions?",
  ctaText: "Send us a message and a consultant will get back to you within 24 hours.",
  ctaButton: "Contact Us",
} as const;

export const faqs: { question: string; answer: string }[] = [
  {
    question: "How long does a visa application take?",
    answer:
      "It depends on the country and visa type. Many visitor and student visas are decided within three to eight weeks of biometrics, while permanent residence and family petitions can take many months or longer. Embassies set their own timelines, so we always check the current published processing times for your destination and advise you to apply well ahead of your travel or course start date.",
  },
  {
    question: "Can you guarantee that my visa will be approved?",
    answer:
      "No. Only the embassy or immigration authority can decide your application, and anyone who promises a guaranteed visa should be treated with caution. What we do is give you an honest assessment, make sure your application is complete and consistent, and help you present your circumstances as clearly as possible.",
  },
  {
    question: "How much money do I need in my account as proof of funds?",
    answer:
      "There is no single figure. Each country sets its own rules: the UK asks students and many workers to hold the required funds for 28 consecutive days, Canada publishes a cost-of-living amount for study permits and settlement funds for Express Entry, and visitor visas look for a balance that comfortably covers your trip. Embassies also look at the history, not just the closing balance, so we review 3-6 months of statements and help you explain any large deposits. Funds held in Naira are generally acceptable; embassies convert them at the exchange rate they publish or use.",
  },
  {
    question: "I was refused a visa before. Can I still apply?",
    answer:
      "Yes, in most cases you can apply again, but you must declare the previous refusal honestly on every future application. Bring us your refusal letter and we will go through the reasons given, advise whether a fresh application is sensible now and help you address each concern with better evidence.",
  },
  {
    question: "What are your fees?",
    answer:
      "Our application service fee is set on our price list in US dollars ($150 for tourist visas, $200 for study visas, $180 for business visas and $250 for work visas, with other visa types at $150) and you pay it in Naira, at the exchange rate of the day: your portal shows the amount in Naira, and the rate it was worked out with, before you pay. You can pay it securely there, by card or bank transfer, at once or in instalments where we agree them. Embassy visa fees, health surcharges, biometrics and test fees are separate and are paid directly to the relevant authority or service provider. We will always confirm the full cost before you commit.",
  },
  {
    question: "What documents do I usually need?",
    answer:
      "Most applications start with a valid international passport, recent passport photographs, bank statements, proof of employment or business (such as an employment letter or CAC documents) and evidence of your purpose of travel, such as an invitation, admission letter or job offer. Depending on the route you may also need WAEC/NECO results, transcripts, a birth certificate, a police character certificate, a TB test or a yellow fever card. We send you a checklist tailored to your application.",
  },
  {
    question: "Where do I do my biometrics?",
    answer:
      "Most embassies use visa application centres in Lagos and Abuja: for example TLScontact for UK visas and VFS Global for Canadian visas, while US visa interviews take place at the US Consulate in Lagos or the US Embassy in Abuja. We help you book the right appointment and tell you exactly what to bring on the day.",
  },
  {
    question: "I have a gap in my education. Can I still get a student visa?",
    answer:
      "Yes. A study gap is common and is not a reason for refusal on its own. What matters is that you can explain what you did during the gap, such as NYSC, work, professional training or family responsibilities, and show how your chosen course fits your plans. We help you gather evidence and write a clear explanation.",
  },
  {
    question: "Can my parents or a relative sponsor my studies or trip?",
    answer:
      "Yes. Sponsors are very common for Nigerian applicants. Your sponsor will usually provide a signed letter, their bank statements and evidence of their income, such as an employment letter or business registration, together with proof of your relationship, such as a birth certificate. Some countries have specific rules on who can sponsor you, which we explain for your destination.",
  },
  {
    question: "How quickly will you respond to my enquiry?",
    answer:
      "We reply to every enquiry within 24 hours. You can call us, send a message through the contact form or visit our office in Ikeja, Lagos, Mon-Fri 9:00 AM-6:00 PM and Saturday 10:00 AM-4:00 PM.",
  },
];
