// How a lead's stages and sources read, wherever they are shown (the Leads pages, the funnel, the history).

export const LEAD_STAGE_LABELS: Record<string, string> = {
  new: "New",
  contacted: "Contacted",
  consultation_booked: "Consultation booked",
  consultation_held: "Consultation held",
  applied: "Applied",
  paid: "Paid",
  closed: "Closed",
};

export const LEAD_SOURCE_LABELS: Record<string, string> = {
  contact_form: "Contact form",
  package_book_now: "Package “Book Now”",
  booking_page: "Booking page",
  portal: "Signed up directly",
};
