// /staff/invitation (the e-mailed link's token is in the session by then): an invited person chooses their password;
// turning on two-factor sign-in follows.
import { NewPasswordField, type PasswordRule } from "../../components/forms/NewPasswordField.tsx";
import { FormPreamble } from "../../components/forms/SignInForm.tsx";
import { useAuthSubmit } from "../../components/forms/useAuthSubmit.ts";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/misc.tsx";

export interface StaffInvitationProps {
  name?: string;
  email?: string;
  passwordRule?: PasswordRule;
  invalid?: string;
  error?: string;
  fields?: Record<string, string>;
}

export default function StaffInvitation({ name, email, passwordRule, invalid, error, fields: serverFields }: StaffInvitationProps) {
  const { onSubmit, busy, fields } = useAuthSubmit(
    "/staff/invitation",
    { success: { title: "Password set", description: "One more step: turn on two-factor sign-in." }, errorTitle: "Could not set the password" },
    serverFields,
  );
  return (
    <AuthLayout>
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Welcome to the team</h1>
        {invalid || !passwordRule ? (
          <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {invalid}
          </p>
        ) : (
          <>
            <p className="mt-2 text-slate-700">
              {name}, choose your password. Next you turn on two-factor sign-in with an authenticator app: staff accounts need both.
            </p>
            <form method="post" action="/staff/invitation" onSubmit={onSubmit} className="mt-6 grid gap-4" aria-label="Choose your password">
              <FormPreamble screen="signin" error={error} />
              {email ? <input type="hidden" name="username" autoComplete="username" value={email} /> : null}
              <NewPasswordField label="Password" rule={passwordRule} error={fields.password} />
              <Button type="submit" disabled={busy} className="w-full">
                {busy ? "Saving…" : "Set my password"}
              </Button>
            </form>
          </>
        )}
      </Card>
    </AuthLayout>
  );
}
