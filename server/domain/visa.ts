// The visa domain's facts (SPEC §3, §5, §9): types and their fields, statuses, fees, documents, wizard steps.

export const VISA_TYPES = ["tourist", "work", "study", "family", "business"] as const;
export type VisaType = (typeof VISA_TYPES)[number];

export const VISA_TYPE_OPTIONS: { value: VisaType; label: string; description: string }[] = [
  { value: "tourist", label: "Tourist Visa", description: "Holidays, sightseeing and visiting friends or family" },
  { value: "work", label: "Work Visa", description: "Employment with a sponsoring employer abroad" },
  { value: "study", label: "Student Visa", description: "Degree, diploma or language study at a school abroad" },
  { value: "family", label: "Family Visa", description: "Joining or visiting a spouse, parent or relative" },
  { value: "business", label: "Business Visa", description: "Meetings, conferences, trade fairs and contracts" },
];

export interface SpecificField {
  key: string;
  label: string;
  required: boolean;
  multiline?: boolean;
}

export const SPECIFIC_FIELDS: Record<VisaType, SpecificField[]> = {
  tourist: [
    { key: "accommodation", label: "Accommodation details", required: true, multiline: true },
    { key: "proof_of_funds", label: "Proof of funds", required: true, multiline: true },
  ],
  work: [
    { key: "employer_name", label: "Employer name", required: true },
    { key: "employer_address", label: "Employer address", required: true, multiline: true },
    { key: "job_title", label: "Job title", required: true },
    { key: "contract_details", label: "Contract details", required: false, multiline: true },
  ],
  study: [
    { key: "institution_name", label: "Institution name", required: true },
    { key: "course_of_study", label: "Course of study", required: true },
    { key: "study_duration", label: "Study duration", required: true },
    { key: "tuition_details", label: "Tuition details", required: false, multiline: true },
  ],
  family: [
    { key: "relative_name", label: "Relative's full name", required: true },
    { key: "relationship", label: "Relationship", required: true },
    { key: "relative_address", label: "Relative's address", required: true, multiline: true },
    { key: "invitation_details", label: "Invitation details", required: false, multiline: true },
  ],
  business: [
    { key: "company_name", label: "Your company name", required: true },
    { key: "business_purpose", label: "Purpose of the business trip", required: true, multiline: true },
    { key: "host_company", label: "Host company", required: false },
    { key: "host_contact", label: "Host contact", required: false },
  ],
};

export const STATUSES = ["draft", "submitted", "under_review", "approved", "rejected"] as const;
export type Status = (typeof STATUSES)[number];
export const STATUS_LABELS: Record<Status, string> = {
  draft: "Draft",
  submitted: "Submitted",
  under_review: "Under Review",
  approved: "Approved",
  rejected: "Rejected",
};

/** An unknown or missing status displays as draft (SPEC §4). */
export function normalizeStatus(status: unknown): Status {
  return STATUSES.includes(status as Status) ? (status as Status) : "draft";
}

const FEES: Partial<Record<VisaType, number>> = { tourist: 150, work: 250, study: 200, business: 180 };
/** Application fee in dollars; any other type (family, or none yet) is 150 (SPEC §9). */
export function feeFor(visaType: string | null | undefined): number {
  return FEES[visaType as VisaType] ?? 150;
}

export const GENDERS = [
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
  { value: "other", label: "Other" },
];
export const MARITAL_STATUSES = [
  { value: "single", label: "Single" },
  { value: "married", label: "Married" },
  { value: "divorced", label: "Divorced" },
  { value: "widowed", label: "Widowed" },
];

export const DOCUMENT_TYPES = [
  { value: "bank_statement", label: "Bank statement" },
  { value: "employment_letter", label: "Employment letter" },
  { value: "invitation_letter", label: "Invitation letter" },
  { value: "admission_letter", label: "Admission letter" },
  { value: "transcript", label: "Academic transcript" },
  { value: "birth_certificate", label: "Birth certificate" },
  { value: "marriage_certificate", label: "Marriage certificate" },
  { value: "other", label: "Other document" },
] as const;

export const WIZARD_STEPS = [
  "Visa Type",
  "Personal Details",
  "Passport Details",
  "Contact Information",
  "Travel Details",
  "Visa-Specific Info",
  "Supporting Documents",
  "Declarations",
] as const;

/** Fields an application must have before it can be submitted, with their labels and wizard steps. */
export const REQUIRED_FIELDS: { key: string; label: string; step: number }[] = [
  { key: "visa_type", label: "Visa type", step: 1 },
  { key: "full_name", label: "Full name", step: 2 },
  { key: "date_of_birth", label: "Date of birth", step: 2 },
  { key: "gender", label: "Gender", step: 2 },
  { key: "marital_status", label: "Marital status", step: 2 },
  { key: "nationality", label: "Nationality", step: 2 },
  { key: "passport_number", label: "Passport number", step: 3 },
  { key: "passport_issuing_country", label: "Issuing country", step: 3 },
  { key: "passport_issue_date", label: "Passport issue date", step: 3 },
  { key: "passport_expiry_date", label: "Passport expiry date", step: 3 },
  { key: "phone", label: "Phone", step: 4 },
  { key: "email", label: "Email", step: 4 },
  { key: "address", label: "Residential address", step: 4 },
  { key: "emergency_contact_name", label: "Emergency contact name", step: 4 },
  { key: "emergency_contact_phone", label: "Emergency contact phone", step: 4 },
  { key: "destination_country", label: "Destination country", step: 5 },
  { key: "arrival_date", label: "Arrival date", step: 5 },
  { key: "departure_date", label: "Departure date", step: 5 },
  { key: "travel_purpose", label: "Purpose of travel", step: 5 },
];
