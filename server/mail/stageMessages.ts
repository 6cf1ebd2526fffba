// The applicant's e-mail at each stage after approval (recorded, moved, missed, corrected) and the reminders of a
// visa-centre appointment; the stage actions queue them (server/actions/caseStages/stageMessage.ts, appointmentReminders.ts).
import { type Definition, dear, s } from "./template.ts";

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
    subject: (d) => (d.lead === "morning" ? `Today: your visa appointment at ${s(d.centre)}` : `Reminder: your visa appointment on ${s(d.when)}`),
    content: (d, l) => {
      const bring = s(d.bring).split("\n").filter(Boolean);
      const ics = l.url(`/application/${s(d.applicationId)}/appointment.ics`);
      return {
        greeting: dear(d),
        blocks: [
          {
            type: "p",
            text:
              d.lead === "morning"
                ? "Your visa appointment is today. Please arrive at the centre a little before your time."
                : "Your visa appointment is in two days. Please check you have everything ready.",
          },
          {
            type: "facts",
            rows: [
              ["Centre", s(d.centre)],
              ["Address", s(d.address)],
              ["Date and time (Lagos)", s(d.when)],
              ["Centre's reference", s(d.centreReference)],
              ["Application", s(d.reference)],
              // The address is the value itself, so the plain-text part carries it too.
              ["Add to your calendar", ics, ics],
            ],
          },
          ...(bring.length ? [{ type: "p" as const, text: `What to bring: ${bring.join("; ")}.` }] : []),
        ],
        action: { label: "See your timeline", url: l.url(`/application/${s(d.applicationId)}#after-approval`) },
      };
    },
  },
} satisfies Record<string, Definition>;
