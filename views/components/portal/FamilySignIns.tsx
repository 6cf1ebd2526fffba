// On the lead's family page: each adult member's own sign-in. The lead invites them by e-mail (a plain form), sees the
// invitation waiting or the account signed in, and may take it away. A child's part stays on the lead's account.

import { formatDateTime } from "../../lib/format.ts";
import type { FamilyProps, MemberSignIn } from "../../pages/portal/familyTypes.ts";
import { buttonClass } from "../ui/button.ts";
import { TextField } from "../ui/field.tsx";
import { Card } from "../ui/misc.tsx";

function SignIn({ leadId, m, csrf, refused }: { leadId: string; m: MemberSignIn; csrf: string; refused: FamilyProps["refused"] }) {
  const mine = refused?.form === "invite" && refused.memberId === m.id ? refused : null;
  const base = `/application/${leadId}/family/members/${m.id}`;
  return (
    <li className="grid gap-2 border-b border-slate-200 py-3 last:border-b-0">
      <p className="font-semibold text-slate-900 wrap-anywhere">{m.name}</p>
      {mine ? (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {mine.message}
        </p>
      ) : null}
      {m.state === "none" ? (
        <form
          method="post"
          action={`${base}/invite`}
          aria-label={`Invite ${m.name} to sign in`}
          className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
        >
          <input type="hidden" name="_csrf" value={csrf} />
          <TextField
            id={`invite-${m.id}`}
            label="Their e-mail address"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            defaultValue={mine?.values.email ?? ""}
            error={mine?.fields.email}
          />
          <button type="submit" className={buttonClass("secondary", "control")}>
            Invite to sign in
          </button>
        </form>
      ) : (
        <form method="post" action={`${base}/access/remove`} aria-label={`Remove ${m.name}'s sign-in`} className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="_csrf" value={csrf} />
          <span className="text-sm text-slate-800 wrap-anywhere">
            {m.state === "signed-in"
              ? `Signs in as ${m.email ?? "their own account"} to complete their part.`
              : `Invitation sent to ${m.email}${m.invitedAt ? ` on ${formatDateTime(m.invitedAt)}` : ""}, not accepted yet.`}
          </span>
          <button type="submit" className={buttonClass("secondary", "control")}>
            {m.state === "signed-in" ? "Remove their sign-in" : "Withdraw the invitation"}
          </button>
        </form>
      )}
    </li>
  );
}

export function FamilySignIns({
  leadId,
  signIns,
  csrf,
  refused,
}: {
  leadId: string;
  signIns: MemberSignIn[];
  csrf: string;
  refused: FamilyProps["refused"];
}) {
  if (!signIns.length) return null;
  return (
    <Card className="mb-6">
      <h2 className="text-lg font-semibold text-slate-900">Their own sign-in</h2>
      <p className="mt-1 text-sm text-slate-700">
        A member aged 18 or over may fill in their own details and upload their own documents from their own account. They see their part and the trip
        you share, never the other members' passports or answers; you still submit the group and pay.
      </p>
      <ul className="mt-2">
        {signIns.map((m) => (
          <SignIn key={m.id} leadId={leadId} m={m} csrf={csrf} refused={refused} />
        ))}
      </ul>
    </Card>
  );
}
