// The staff desk's e-mails: the morning list of a staff member's late cases.
import { STATUS_LABELS } from "../domain/visa.ts";
import { type Definition, type MailData, s } from "./template.ts";

/** One late case as the message records it (in `data.cases`, as JSON: message data holds no lists). */
export interface LateCaseLine {
  reference: string;
  applicant: string;
  status: string;
  /** The Lagos day it entered its status. */
  since: string;
}

/** One case late at the embassy as the message records it (in `data.embassy`, as JSON). */
export interface EmbassyLateLine {
  reference: string;
  applicant: string;
  destination: string;
  /** The Lagos day the form was lodged. */
  lodgedOn: string;
  daysWaiting: number;
  usualDays: number;
}

const sinceFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

const lines = (d: MailData): LateCaseLine[] => JSON.parse(s(d.cases) || "[]") as LateCaseLine[];

const embassyLines = (d: MailData): EmbassyLateLine[] => JSON.parse(s(d.embassy) || "[]") as EmbassyLateLine[];

const caseWord = (n: number) => (n === 1 ? "1 late case" : `${n} late cases`);

export const DESK_MESSAGES = {
  late_cases: {
    subject: (d) => `Your ${caseWord(lines(d).length + embassyLines(d).length)} today`,
    content: (d, l) => ({
      greeting: `Dear ${s(d.name)},`,
      blocks: [
        ...(lines(d).length > 0
          ? [
              { type: "p" as const, text: `Good morning. These cases of yours have waited longer than their status allows:` },
              {
                type: "facts" as const,
                rows: lines(d).map((c): [string, string] => [
                  c.reference,
                  `${c.applicant} · ${STATUS_LABELS[c.status as keyof typeof STATUS_LABELS] ?? c.status} since ${sinceFormat.format(new Date(`${c.since}T00:00:00Z`))}`,
                ]),
              },
            ]
          : [{ type: "p" as const, text: "Good morning." }]),
        ...(embassyLines(d).length > 0
          ? [
              { type: "p" as const, text: "Late at the embassy: lodged, no decision yet, and waiting longer than the destination usually takes:" },
              {
                type: "facts" as const,
                rows: embassyLines(d).map((c): [string, string] => [
                  c.reference,
                  `${c.applicant} · ${c.destination} · lodged ${sinceFormat.format(new Date(`${c.lodgedOn}T00:00:00Z`))}, ${c.daysWaiting} days waiting, usually ${c.usualDays}`,
                ]),
              },
            ]
          : []),
      ],
      action: { label: "Open your late cases", url: l.url("/admin?tab=mine&late=1") },
    }),
  },
} satisfies Record<string, Definition>;
