// Props of the booking pages (/book and a booking's reschedule and cancel links), shared with their controller.
import type { PublicPageProps } from "./types.ts";

export interface ConsultationChoice {
  id: string;
  name: string;
  /** "30 minutes · Free · Video call" */
  summary: string;
  /** A paid type's price ("₦15,000"); null when free. */
  priceText: string | null;
}

export interface BookingDay {
  /** YYYY-MM-DD in Lagos. */
  day: string;
  label: string;
  times: number;
}

export interface BookingTime {
  /** The start as an ISO instant (what the form sends). */
  value: string;
  /** "09:30" in Lagos. */
  label: string;
}

/** A booked consultation as the visitor sees it; a row with an address is a link (a video call's "Join"). */
export interface BookingFacts {
  rows: [label: string, value: string, href?: string][];
}

export interface FormState {
  error?: string;
  fields: Record<string, string>;
  values: Record<string, string>;
}

export interface BookPageProps extends PublicPageProps {
  /** The visitor's CSRF token (the page is answered per visitor, never from the public cache). */
  csrfToken: string;
  step: "type" | "day" | "time" | "booked";
  types: ConsultationChoice[];
  type: ConsultationChoice | null;
  days: BookingDay[];
  day: BookingDay | null;
  times: BookingTime[];
  visaTypes: { value: string; label: string }[];
  /** The WhatsApp and SMS reminder choices with the exact words stored when ticked (bookingConsentWords). */
  channels: { channel: "whatsapp" | "sms"; words: string }[];
  form: FormState;
  booked: BookingFacts | null;
}

export interface ManageBookingProps extends PublicPageProps {
  csrfToken: string;
  mode: "reschedule" | "cancel";
  /** The link's token (in the form's action), "" when the link is dead. */
  token: string;
  /** Set when the link no longer works, or once done. */
  outcome: { kind: "dead" | "moved" | "cancelled"; message: string } | null;
  booking: BookingFacts | null;
  /** Reschedule: the days with free times, the chosen one and its times. */
  days: BookingDay[];
  day: BookingDay | null;
  times: BookingTime[];
  form: FormState;
}

/** Back from Paystack's checkout: what became of the consultation's payment. */
export interface BookingPaymentProps extends PublicPageProps {
  state: "confirmed" | "waiting" | "attention" | "released";
  /** The sentence the visitor reads first. */
  message: string;
  /** Paid: "Receipt AB12CD34EF" and when, in Lagos. */
  receiptCode: string | null;
  paidAt: string | null;
  amountText: string;
  /** This page again, to ask Paystack once more (waiting only). */
  checkAgainHref: string | null;
  booking: BookingFacts;
}
