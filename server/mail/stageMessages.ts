// The applicant's e-mail at each stage after approval (recorded, moved, missed, corrected); the stage actions queue it
// (server/actions/caseStages/stageMessage.ts).
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
} satisfies Record<string, Definition>;
