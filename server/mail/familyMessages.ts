// The message of families applying together: the lead applicant invites an adult member to their own sign-in.
import { type Definition, dear, s } from "./template.ts";

export const FAMILY_MESSAGES = {
  family_invitation: {
    subject: (d) => `${s(d.invitedBy)} invited you to complete your part of a family visa application`,
    content: (d, l) => ({
      greeting: dear(d),
      blocks: [
        {
          type: "p",
          text: `${s(d.invitedBy)} is applying for visas with their family and added you to the group (application ${s(d.reference)}).`,
        },
        {
          type: "p",
          text: "Sign in, or create an account with this e-mail address, to fill in your own details and upload your own documents. You will see your part and the trip the group shares, never the other members' passports or answers.",
        },
      ],
      action: { label: "Accept the invitation", url: l.secretUrl ?? l.url("/signin") },
      footnote: `The link works for ${s(d.days)} days, until you accept it. If you did not expect it, ignore this e-mail.`,
    }),
  },
} satisfies Record<string, Definition>;
