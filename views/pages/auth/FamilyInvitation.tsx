// /family/invitation (the e-mailed link's token is in the session by then): an adult family member, invited by the
// lead applicant, signs in (or creates an account) with the invited address and accepts, then completes their part.
// A plain form: it works before the page's script loads.
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { buttonClass } from "../../components/ui/button.ts";
import { Card } from "../../components/ui/misc.tsx";
import { useShared } from "../../shared.tsx";
import type { FamilyInvitationProps } from "./familyInvitationTypes.ts";

const alert = "mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800";

export default function FamilyInvitation(props: FamilyInvitationProps) {
  const { csrfToken } = useShared();
  return (
    <AuthLayout>
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Your family application</h1>
        {props.state === "gone" ? (
          <p role="alert" className={alert}>
            {props.message}
          </p>
        ) : (
          <>
            <p className="mt-2 text-slate-700 wrap-anywhere">
              {props.invitedBy} added {props.memberName} to their family's visa application and invited {props.email} to complete that part: your own
              details, passport and documents. You will see your part and the trip the family shares, never the other members' passports or answers.
            </p>
            {props.state === "sign-in" ? (
              <div className="mt-6 grid gap-3">
                <p className="text-sm text-slate-800">Sign in, or create an account, with {props.email} to accept.</p>
                <a href={`/auth?next=${encodeURIComponent(props.next)}`} className={buttonClass("primary", "control")}>
                  Sign in or create an account
                </a>
              </div>
            ) : null}
            {props.state === "wrong-account" ? (
              <>
                <p role="alert" className={alert}>
                  {props.message}
                </p>
                <form method="post" action="/signout" className="mt-4">
                  <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
                  <button type="submit" className={buttonClass("secondary", "control")}>
                    Sign out
                  </button>
                </form>
              </>
            ) : null}
            {props.state === "accept" ? (
              <form method="post" action="/family/invitation" aria-label="Accept the invitation" className="mt-6 grid gap-3">
                <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
                {props.error ? (
                  <p role="alert" className={alert}>
                    {props.error}
                  </p>
                ) : null}
                <button type="submit" className={buttonClass("primary", "control")}>
                  Accept and continue
                </button>
              </form>
            ) : null}
          </>
        )}
      </Card>
    </AuthLayout>
  );
}
