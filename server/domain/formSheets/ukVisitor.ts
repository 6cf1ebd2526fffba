// The UK Standard Visitor visa, applied for online on GOV.UK: its sections and questions in the order the online form
// asks them, in its words.
import { choice, country, date, firstOf, givenNames, notAsked, phone, specific, surname, text, yesNo } from "./answers.ts";
import type { FormSheet } from "./types.ts";

export const ukVisitorSheet: FormSheet = {
  key: "uk-visitor",
  name: "Standard Visitor visa: online application (GOV.UK)",
  source: { label: "GOV.UK: Visit the UK as a Standard Visitor, apply", href: "https://www.gov.uk/standard-visitor/apply-standard-visitor-visa" },
  checked: "2026-11-29",
  destinations: ["GB"],
  sections: [
    {
      title: "Your name",
      questions: [
        { number: null, label: "Given names", required: true, answer: (a) => givenNames(a.full_name) },
        { number: null, label: "Family name", required: true, answer: (a) => surname(a.full_name) },
        { number: null, label: "Have you ever been known by another name?", required: true, answer: notAsked("other names used") },
      ],
    },
    {
      title: "Your sex and relationship status",
      questions: [
        { number: null, label: "Sex", required: true, answer: (a) => choice({ male: "Male", female: "Female", other: "Unspecified" })(a.gender) },
        {
          number: null,
          label: "Relationship status",
          required: true,
          answer: (a) =>
            choice({
              single: "Single",
              married: "Married or in a civil partnership",
              divorced: "Divorced or civil partnership dissolved",
              widowed: "Widowed or surviving civil partner",
            })(a.marital_status),
        },
      ],
    },
    {
      title: "Your address",
      questions: [
        { number: null, label: "Home address", required: true, answer: (a) => text(a.address) },
        { number: null, label: "How long have you lived at this address?", required: true, answer: notAsked("how long they have lived there") },
        {
          number: null,
          label: "What is the ownership status of your home?",
          required: true,
          answer: notAsked("whether they own or rent their home"),
        },
      ],
    },
    {
      title: "Your contact details",
      questions: [
        { number: null, label: "Email address", required: true, answer: (a) => text(a.email) },
        { number: null, label: "Telephone number", required: true, answer: (a) => phone(a.phone) },
      ],
    },
    {
      title: "Your passport",
      questions: [
        { number: null, label: "Passport number", required: true, answer: (a) => text(a.passport_number) },
        { number: null, label: "Issuing country", required: true, answer: (a) => country(a.passport_issuing_country) },
        { number: null, label: "Issue date", required: true, answer: (a) => date(a.passport_issue_date, "dmy-slash") },
        { number: null, label: "Expiry date", required: true, answer: (a) => date(a.passport_expiry_date, "dmy-slash") },
      ],
    },
    {
      title: "Nationality and date of birth",
      questions: [
        { number: null, label: "Country of nationality", required: true, answer: (a) => country(a.nationality) },
        { number: null, label: "Country of birth", required: true, answer: notAsked("the country of birth") },
        { number: null, label: "Place of birth", required: true, answer: notAsked("the town of birth") },
        { number: null, label: "Date of birth", required: true, answer: (a) => date(a.date_of_birth, "dmy-slash") },
      ],
    },
    {
      title: "Your employment and income",
      questions: [
        {
          number: null,
          label: "What is your employment status?",
          required: true,
          answer: notAsked("employed, self-employed, a student or not working"),
        },
        {
          number: null,
          label: "Employer's or school's name and address",
          required: false,
          answer: (a) =>
            firstOf(specific(a, "employer_name"), specific(a, "institution_name"), specific(a, "company_name"), notAsked("the employer or school")()),
        },
        { number: null, label: "How much do you earn each month, after tax?", required: true, answer: notAsked("the monthly income after tax") },
        {
          number: null,
          label: "How much money do you plan to spend on your visit?",
          required: true,
          answer: notAsked("the planned spending in pounds"),
        },
        {
          number: null,
          label: "Will anyone be paying towards the cost of your visit?",
          required: true,
          answer: notAsked("whether someone else pays"),
        },
      ],
    },
    {
      title: "Your family",
      questions: [
        { number: null, label: "Your parents' names, dates of birth and nationalities", required: true, answer: notAsked("the parents' details") },
        {
          number: null,
          label: "Do you have any family in the UK?",
          required: true,
          answer: (a) => firstOf(specific(a, "relative_name"), notAsked("family in the UK")()),
        },
      ],
    },
    {
      title: "Your travel plans",
      questions: [
        { number: null, label: "Date you plan to arrive in the UK", required: true, answer: (a) => date(a.arrival_date, "dmy-slash") },
        { number: null, label: "Date you plan to leave the UK", required: true, answer: (a) => date(a.departure_date, "dmy-slash") },
        {
          number: null,
          label: "What is the main reason for your visit to the UK?",
          required: true,
          answer: (a) =>
            choice({
              tourist: "Tourism, including visiting family and friends",
              family: "Tourism, including visiting family and friends",
              business: "Business",
              study: "Academic",
            })(a.visa_type),
        },
        { number: null, label: "Give details of the main reason for your visit", required: true, answer: (a) => text(a.travel_purpose) },
        {
          number: null,
          label: "Address where you will stay in the UK",
          required: true,
          answer: (a) => firstOf(specific(a, "accommodation"), specific(a, "relative_address"), notAsked("where they will stay")()),
        },
      ],
    },
    {
      title: "Your travel history",
      questions: [
        { number: null, label: "Have you been to the UK in the past 10 years?", required: true, answer: notAsked("earlier visits to the UK") },
        {
          number: null,
          label: "Have you ever been refused a visa for any country?",
          required: true,
          answer: (a) => yesNo(a.prior_visa_refusals, a.prior_visa_refusal_details),
        },
      ],
    },
    {
      title: "Convictions and other penalties",
      questions: [
        {
          number: null,
          label: "Have you ever had a criminal conviction in the UK or any other country?",
          required: true,
          answer: (a) => yesNo(a.criminal_history, a.criminal_history_details),
        },
      ],
    },
  ],
};
