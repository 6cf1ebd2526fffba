// An enquiry row as the staff's pages show it: the Enquiries inbox and a lead's history.
import type { EnquiryRow } from "../models/enquiries.ts";

/** One contact-form message, its dates as ISO strings. */
export const enquiryEntry = (row: EnquiryRow) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message,
  package: row.package,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
});
