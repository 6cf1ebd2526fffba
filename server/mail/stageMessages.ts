// The applicant's e-mail at each stage after approval (recorded, moved, missed, corrected) and the reminders of a
// visa-centre appointment; the stage actions queue them (server/actions/caseStages/stageMessage.ts, appointmentReminders.ts).
import { type Definition, dear, type MailData, s } from "./template.ts";

export const STAGE_MESSAGES = {
  case_stage: {
    subject: (d) => `Application ${s(d.reference)}: ${s(d.stageTitle)}`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        { type: "p", text: s(d.headline) },
        { type: "facts", rows: [[s(d.stageTitle), s(d.line)]] },
        { type: "p", text: `What happens next: ${s(d.next)}` },
      ],
      action: { label: "See your timeline", url: l.url(`/application/${s(d.applicationId)}#after-approval`) },
    }),
  },
  appointment_reminder: {
    subject: (d) => {
      const whose = d.family ? "your family's visa appointments" : "your visa appointment";
      return d.lead === "morning" ? `Today: ${whose} at ${s(d.centre)}` : `Reminder: ${whose} on ${s(d.when)}`;
    },
    content: (d, l) => {
      const bring = s(d.bring).split("\n").filter(Boolean);
      const ics = l.url(`/application/${s(d.applicationId)}/appointment.ics`);
      const family = familyOf(d);
      return {
        greeting: dear(d),
        blocks: [
          {
            type: "p",
            text: family.length
              ? d.lead === "morning"
                ? "Your family's visa appointments are today, side by side below. Please arrive at the centre a little before the first time."
                : "Your family's visa appointments are in two days, side by side below. Please check everyone has everything ready."
              : d.lead === "morning"
                ? "Your visa appointment is today. Please arrive at the centre a little before your time."
                : "Your visa appointment is in two days. Please check you have everything ready.",
          },
          {
            type: "facts",
            rows: [
              ...(family.length ? [["Who", s(d.person)] as [string, string]] : []),
              ["Centre", s(d.centre)],
              ["Address", s(d.address)],
              ["Date and time (Lagos)", s(d.when)],
              ["Centre's reference", s(d.centreReference)],
              ["Application", s(d.reference)],
              // The address is the value itself, so the plain-text part carries it too.
              ["Add to your calendar", ics, ics],
            ],
          },
          ...family.map((p) => ({
            type: "facts" as const,
            rows: [
              ["Who", p.name],
              ["Date and time (Lagos)", p.when],
              ["Centre", p.centre],
              ["Centre's reference", p.centreReference],
              ["Application", p.reference],
            ] as [string, string][],
          })),
          ...(bring.length ? [{ type: "p" as const, text: `What to bring: ${bring.join("; ")}.` }] : []),
        ],
        action: { label: "See your timeline", url: l.url(`/application/${s(d.applicationId)}#after-approval`) },
      };
    },
  },
} satisfies Record<string, Definition>;

/** The family group's other appointments of the day, recorded with the reminder (actions/family/groupReminder.ts). */
function familyOf(d: MailData): { name: string; when: string; centre: string; centreReference: string; reference: string }[] {
  try {
    const parsed = JSON.parse(s(d.family) || "[]");
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
