// The Schengen harmonised application form for a short-stay visa (Annex I of the Visa Code as amended by Regulation
// (EU) 2019/1155): its numbered fields in order, in the form's words. Every Schengen state uses it.

import type { ApplicationFields } from "../applicationFields.ts";
import { choice, country, date, firstOf, givenNames, notAsked, phone, specific, surname, text } from "./answers.ts";
import type { FormSheet, SheetAnswer } from "./types.ts";

/** The Schengen states (ISO 3166 codes): their consulates all lodge this form. */
export const SCHENGEN_STATES = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IS",
  "IT",
  "LV",
  "LI",
  "LT",
  "LU",
  "MT",
  "NL",
  "NO",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
  "CH",
] as const;

const PURPOSES: Record<string, string> = {
  tourist: "Tourism",
  business: "Business",
  family: "Visiting family or friends",
  study: "Study",
};

/** Field 10 applies to a minor only: an applicant 18 or over on the day of arrival has nothing to write there. */
function guardian(app: ApplicationFields): SheetAnswer {
  if (!app.date_of_birth || !app.arrival_date) return { missing: "Needs the date of birth and arrival date to tell whether it applies" };
  const [by, bm, bd] = app.date_of_birth.split("-").map(Number);
  const [ay, am, ad] = app.arrival_date.split("-").map(Number);
  const age = ay - by - (am < bm || (am === bm && ad < bd) ? 1 : 0);
  return age >= 18 ? { value: "Not applicable (the applicant is an adult)" } : notAsked("the parent's or guardian's details")();
}

const joined = (...parts: SheetAnswer[]): SheetAnswer =>
  parts.every((p) => "value" in p)
    ? { value: parts.map((p) => ("value" in p ? p.value : "")).join(", ") }
    : (parts.find((p) => "missing" in p) as SheetAnswer);

export const schengenSheet: FormSheet = {
  key: "schengen",
  name: "Application for Schengen Visa (harmonised application form)",
  source: {
    label: "European Commission: applying for a Schengen visa",
    href: "https://home-affairs.ec.europa.eu/policies/schengen-borders-and-visa/visa-policy/applying-schengen-visa_en",
  },
  checked: "2026-11-29",
  destinations: SCHENGEN_STATES,
  sections: [
    {
      title: "The applicant",
      questions: [
        { number: "1", label: "Surname (Family name)", required: true, answer: (a) => surname(a.full_name) },
        { number: "2", label: "Surname at birth (Former family name(s))", required: false, answer: notAsked("a former surname, if any") },
        { number: "3", label: "First name(s) (Given name(s))", required: true, answer: (a) => givenNames(a.full_name) },
        { number: "4", label: "Date of birth (day-month-year)", required: true, answer: (a) => date(a.date_of_birth, "dmy-dash") },
        { number: "5", label: "Place of birth", required: true, answer: notAsked("the town of birth") },
        { number: "6", label: "Country of birth", required: true, answer: notAsked("the country of birth") },
        { number: "7", label: "Current nationality", required: true, answer: (a) => country(a.nationality) },
        { number: "7", label: "Nationality at birth, if different; other nationalities", required: false, answer: notAsked("other nationalities") },
        { number: "8", label: "Sex", required: true, answer: (a) => choice({ male: "Male", female: "Female" })(a.gender) },
        {
          number: "9",
          label: "Civil status",
          required: true,
          answer: (a) => choice({ single: "Single", married: "Married", divorced: "Divorced", widowed: "Widow(er)" })(a.marital_status),
        },
        { number: "10", label: "Parental authority (in case of minors) / legal guardian", required: true, answer: guardian },
        {
          number: "11",
          label: "National identity number, where applicable",
          required: false,
          answer: notAsked("the national identity number (NIN)"),
        },
      ],
    },
    {
      title: "Travel document",
      questions: [
        {
          number: "12",
          label: "Type of travel document",
          required: true,
          answer: notAsked("the passport type (ordinary, diplomatic, service, official, special)"),
        },
        { number: "13", label: "Number of travel document", required: true, answer: (a) => text(a.passport_number) },
        { number: "14", label: "Date of issue", required: true, answer: (a) => date(a.passport_issue_date, "dmy-dash") },
        { number: "15", label: "Valid until", required: true, answer: (a) => date(a.passport_expiry_date, "dmy-dash") },
        { number: "16", label: "Issued by (country)", required: true, answer: (a) => country(a.passport_issuing_country) },
      ],
    },
    {
      title: "Family member who is an EU, EEA or CH citizen or a UK national beneficiary of the Withdrawal Agreement",
      questions: [
        {
          number: "17",
          label: "Personal data of the family member, if applicable",
          required: false,
          answer: notAsked("a family member who is an EU, EEA, Swiss or UK citizen"),
        },
        {
          number: "18",
          label: "Family relationship with that citizen, if applicable",
          required: false,
          answer: notAsked("the relationship to that citizen"),
        },
      ],
    },
    {
      title: "Contact, residence and occupation",
      questions: [
        { number: "19", label: "Applicant's home address", required: true, answer: (a) => text(a.address) },
        { number: "19", label: "E-mail address", required: true, answer: (a) => text(a.email) },
        { number: "19", label: "Telephone number(s)", required: true, answer: (a) => phone(a.phone) },
        {
          number: "20",
          label: "Residence in a country other than the country of current nationality",
          required: true,
          answer: notAsked("whether they live outside their country of nationality"),
        },
        {
          number: "21",
          label: "Current occupation",
          required: true,
          answer: (a) => firstOf(specific(a, "job_title"), notAsked("the current occupation")()),
        },
        {
          number: "22",
          label: "Employer and employer's address and telephone number. For students, name and address of educational establishment",
          required: true,
          answer: (a) =>
            firstOf(
              joined(specific(a, "employer_name"), specific(a, "employer_address")),
              specific(a, "institution_name"),
              specific(a, "company_name"),
              notAsked("the employer or school")(),
            ),
        },
      ],
    },
    {
      title: "The journey",
      questions: [
        { number: "23", label: "Purpose(s) of the journey", required: true, answer: (a) => choice(PURPOSES)(a.visa_type) },
        { number: "24", label: "Additional information on purpose of stay", required: false, answer: (a) => text(a.travel_purpose) },
        {
          number: "25",
          label: "Member State of main destination (and other Member State destinations, if applicable)",
          required: true,
          answer: (a) => country(a.destination_country),
        },
        { number: "26", label: "Member State of first entry", required: true, answer: notAsked("the Schengen state entered first") },
        { number: "27", label: "Number of entries requested", required: true, answer: notAsked("single, two or multiple entries") },
        {
          number: "27",
          label: "Intended date of arrival of the first intended stay in the Schengen area",
          required: true,
          answer: (a) => date(a.arrival_date, "dmy-dash"),
        },
        {
          number: "27",
          label: "Intended date of departure from the Schengen area after the first intended stay",
          required: true,
          answer: (a) => date(a.departure_date, "dmy-dash"),
        },
        {
          number: "28",
          label: "Fingerprints collected previously for the purpose of applying for a Schengen visa",
          required: true,
          answer: notAsked("earlier Schengen fingerprints"),
        },
        {
          number: "29",
          label: "Entry permit for the final country of destination, where applicable",
          required: false,
          answer: notAsked("an entry permit for a country beyond"),
        },
      ],
    },
    {
      title: "Hosts and costs",
      questions: [
        {
          number: "30",
          label:
            "Surname and first name of the inviting person(s) in the Member State(s). If not applicable, name of hotel(s) or temporary accommodation(s) in the Member State(s)",
          required: true,
          answer: (a) =>
            firstOf(
              specific(a, "accommodation"),
              joined(specific(a, "relative_name"), specific(a, "relative_address")),
              notAsked("the host or hotel")(),
            ),
        },
        {
          number: "31",
          label: "Name and address of inviting company/organisation",
          required: false,
          answer: (a) => firstOf(specific(a, "host_company"), notAsked("an inviting company")()),
        },
        {
          number: "32",
          label: "Cost of travelling and living during the applicant's stay is covered",
          required: true,
          answer: notAsked("who pays: the applicant or a sponsor"),
        },
        {
          number: "32",
          label: "Means of support",
          required: true,
          answer: (a) => firstOf(specific(a, "proof_of_funds"), notAsked("the means of support")()),
        },
        {
          number: "33",
          label: "Surname and first name of the person filling in the application form, if different from the applicant",
          required: false,
          answer: () => ({ missing: "The staff member filling in the form writes their own name" }),
        },
      ],
    },
  ],
};
