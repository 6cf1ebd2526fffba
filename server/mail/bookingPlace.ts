// How a booking message's meeting happens, read back from the message's recorded data (its e-mail and its invite).
import { type ConsultationMode, type MeetingPlace, meetingPlace } from "../domain/consultations.ts";
import type { MailData } from "./template.ts";

/** How the meeting of a recorded booking message happens, for its reader (messages queued before carry the mode only). */
export function placeOfMail(d: MailData, reader: "visitor" | "staff"): MeetingPlace {
  const text = (v: MailData[string] | undefined) => (typeof v === "string" && v ? v : null);
  const caller = text(d.phoneCaller);
  return meetingPlace(
    {
      mode: String(d.mode) as ConsultationMode,
      video_url: text(d.videoUrl),
      office_address: text(d.officeAddress),
      phone_caller: caller === "we_call" || caller === "they_call" ? caller : null,
      phone_number: text(d.phoneNumber),
    },
    text(d.phone),
    reader,
  );
}
