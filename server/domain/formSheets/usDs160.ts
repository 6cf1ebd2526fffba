// The U.S. Online Nonimmigrant Visa Application (DS-160) on CEAC: its pages in order, the questions a visitor answers
// on each, in the form's words. Names and countries in capitals, as its lists and the passport write them.
import { choice, country, date, firstOf, givenNames, notAsked, phone, specific, stayLength, surname, text, yesNo } from "./answers.ts";
import type { FormSheet } from "./types.ts";

export const usDs160Sheet: FormSheet = {
  key: "us-ds160",
  name: "Online Nonimmigrant Visa Application (DS-160)",
  source: {
    label: "U.S. Department of State: DS-160",
    href: "https://travel.state.gov/content/travel/en/us-visas/visa-information-resources/forms/ds-160-online-nonimmigrant-visa-application.html",
  },
  checked: "2026-11-29",
  destinations: ["US"],
  sections: [
    {
      title: "Personal Information 1",
      questions: [
        { number: null, label: "Surnames", required: true, answer: (a) => surname(a.full_name, true) },
        { number: null, label: "Given Names", required: true, answer: (a) => givenNames(a.full_name, true) },
        { number: null, label: "Have you ever used other names?", required: true, answer: notAsked("other names used") },
        { number: null, label: "Sex", required: true, answer: (a) => choice({ male: "MALE", female: "FEMALE" })(a.gender) },
        {
          number: null,
          label: "Marital Status",
          required: true,
          answer: (a) => choice({ single: "SINGLE", married: "MARRIED", divorced: "DIVORCED", widowed: "WIDOWED" })(a.marital_status),
        },
        { number: null, label: "Date of Birth", required: true, answer: (a) => date(a.date_of_birth, "ds160") },
        { number: null, label: "City of Birth", required: true, answer: notAsked("the town of birth") },
        { number: null, label: "Country/Region of Birth", required: true, answer: notAsked("the country of birth") },
      ],
    },
    {
      title: "Personal Information 2",
      questions: [
        { number: null, label: "Country/Region of Origin (Nationality)", required: true, answer: (a) => country(a.nationality, true) },
        { number: null, label: "National Identification Number", required: false, answer: notAsked("the national identity number (NIN)") },
      ],
    },
    {
      title: "Travel Information",
      questions: [
        {
          number: null,
          label: "Purpose of Trip to the U.S.",
          required: true,
          answer: (a) =>
            choice({
              tourist: "TEMP. BUSINESS OR PLEASURE VISITOR (B)",
              family: "TEMP. BUSINESS OR PLEASURE VISITOR (B)",
              business: "TEMP. BUSINESS OR PLEASURE VISITOR (B)",
              study: "STUDENT/EXCHANGE VISA (F)",
            })(a.visa_type),
        },
        { number: null, label: "Intended Date of Arrival", required: true, answer: (a) => date(a.arrival_date, "ds160") },
        { number: null, label: "Intended Length of Stay in U.S.", required: true, answer: stayLength },
        {
          number: null,
          label: "Address Where You Will Stay in the U.S.",
          required: true,
          answer: (a) => firstOf(specific(a, "accommodation"), specific(a, "relative_address"), notAsked("where they will stay")()),
        },
        { number: null, label: "Person/Entity Paying for Your Trip", required: true, answer: notAsked("who pays for the trip") },
      ],
    },
    {
      title: "Travel Companions",
      questions: [{ number: null, label: "Are there other persons traveling with you?", required: true, answer: notAsked("travel companions") }],
    },
    {
      title: "Previous U.S. Travel",
      questions: [
        { number: null, label: "Have you ever been in the U.S.?", required: true, answer: notAsked("earlier visits to the U.S.") },
        {
          number: null,
          label: "Have you ever been refused a U.S. Visa, or been refused admission to the United States?",
          required: true,
          answer: (a) => yesNo(a.prior_visa_refusals, a.prior_visa_refusal_details, "YES", "NO"),
        },
      ],
    },
    {
      title: "Address and Phone",
      questions: [
        { number: null, label: "Home Address", required: true, answer: (a) => text(a.address) },
        { number: null, label: "Primary Phone Number", required: true, answer: (a) => phone(a.phone) },
        { number: null, label: "Email Address", required: true, answer: (a) => text(a.email) },
      ],
    },
    {
      title: "Passport",
      questions: [
        { number: null, label: "Passport/Travel Document Type", required: true, answer: notAsked("the passport type") },
        { number: null, label: "Passport/Travel Document Number", required: true, answer: (a) => text(a.passport_number) },
        {
          number: null,
          label: "Country/Authority that Issued Passport/Travel Document",
          required: true,
          answer: (a) => country(a.passport_issuing_country, true),
        },
        { number: null, label: "Issuance Date", required: true, answer: (a) => date(a.passport_issue_date, "ds160") },
        { number: null, label: "Expiration Date", required: true, answer: (a) => date(a.passport_expiry_date, "ds160") },
      ],
    },
    {
      title: "U.S. Point of Contact Information",
      questions: [
        {
          number: null,
          label: "Contact Person or Organization in the United States",
          required: true,
          answer: (a) =>
            firstOf(specific(a, "host_contact"), specific(a, "host_company"), specific(a, "relative_name"), notAsked("a contact in the U.S.")()),
        },
      ],
    },
    {
      title: "Family Information: Relatives",
      questions: [
        { number: null, label: "Father's Full Name and Date of Birth", required: true, answer: notAsked("the father's name and date of birth") },
        { number: null, label: "Mother's Full Name and Date of Birth", required: true, answer: notAsked("the mother's name and date of birth") },
        {
          number: null,
          label: "Do you have any immediate relatives in the United States?",
          required: true,
          answer: (a) => firstOf(specific(a, "relative_name"), notAsked("relatives in the U.S.")()),
        },
      ],
    },
    {
      title: "Present Work/Education/Training Information",
      questions: [
        {
          number: null,
          label: "Primary Occupation",
          required: true,
          answer: (a) => firstOf(specific(a, "job_title"), notAsked("the primary occupation")()),
        },
        {
          number: null,
          label: "Present Employer or School Name",
          required: true,
          answer: (a) =>
            firstOf(specific(a, "employer_name"), specific(a, "institution_name"), specific(a, "company_name"), notAsked("the employer or school")()),
        },
      ],
    },
    {
      title: "Security and Background",
      questions: [
        {
          number: null,
          label: "Do you have a communicable disease of public health significance, or a mental or physical disorder?",
          required: true,
          answer: (a) => firstOf(text(a.medical_conditions), notAsked("the health questions")()),
        },
        {
          number: null,
          label: "Have you ever been arrested or convicted for any offense or crime?",
          required: true,
          answer: (a) => yesNo(a.criminal_history, a.criminal_history_details, "YES", "NO"),
        },
      ],
    },
  ],
};
