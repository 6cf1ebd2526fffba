// Prop shapes of the portal pages; the server's presenters build exactly these.
export interface Option {
  value: string;
  label: string;
}

export interface VisaTypeOption extends Option {
  description: string;
}

export interface SpecificField {
  key: string;
  label: string;
  required: boolean;
  multiline?: boolean;
}

export interface ApplicationSummary {
  id: string;
  reference: string;
  visaType: string | null;
  visaTypeLabel: string;
  destination: string | null;
  status: string;
  statusLabel: string;
  paymentStatus: "paid" | "pending";
  createdAt: string;
  submittedAt: string | null;
}

export interface HistoryEntry {
  id: string;
  status: string;
  statusLabel: string;
  notes: string | null;
  createdAt: string;
  changedBy: string;
}

/** Every applicant-editable field of an application, as the wizard and the review show them. */
export interface ApplicationForm {
  id: string;
  reference_number: string;
  visa_type: string | null;
  status: string;
  statusLabel: string;
  visaTypeLabel: string;
  fee: number;
  current_step: number;
  submitted_at: string | null;
  created_at: string;
  payment_status: string;
  amount_paid: number | null;
  payment_reference: string | null;
  full_name: string | null;
  date_of_birth: string | null;
  gender: string | null;
  marital_status: string | null;
  nationality: string | null;
  passport_number: string | null;
  passport_issuing_country: string | null;
  passport_issue_date: string | null;
  passport_expiry_date: string | null;
  passport_scan_url: string | null;
  passport_scan_mime: string | null;
  photo_url: string | null;
  photo_mime: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  emergency_contact_name: string | null;
  emergency_contact_phone: string | null;
  destination_country: string | null;
  arrival_date: string | null;
  departure_date: string | null;
  travel_purpose: string | null;
  itinerary: string | null;
  visa_specific_data: Record<string, string>;
  criminal_history: boolean;
  criminal_history_details: string | null;
  prior_visa_refusals: boolean;
  prior_visa_refusal_details: string | null;
  medical_conditions: string | null;
}

export interface MissingField {
  key: string;
  label: string;
  step: number;
}

export interface DocumentView {
  id: string;
  documentType: string;
  label: string;
  fileName: string;
  size: number;
  mimeType: string;
  uploadedAt: string;
  url: string;
}
