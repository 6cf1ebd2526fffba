// Consultation facts shown to people: where a meeting happens, and when, in Lagos time.

export const CONSULTATION_MODES = ["office", "video", "phone"] as const;
export type ConsultationMode = (typeof CONSULTATION_MODES)[number];

export const MODE_LABELS: Record<ConsultationMode, string> = { office: "At our office", video: "Video call", phone: "Phone call" };

const fullLabel = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone: "Africa/Lagos" });

/** "Monday 2 March 2026 at 09:00 (Lagos time)". */
export const lagosDateTime = (at: Date) => `${fullLabel.format(at)} (Lagos time)`;
