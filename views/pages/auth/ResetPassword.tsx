// /reset-password (the e-mailed link's token is in the session by then): choose a new password (or learn that the link is no longer good).
import { Link } from "react-router-dom";
import { NewPasswordField, type PasswordRule } from "../../components/forms/NewPasswordField.tsx";
import { FormPreamble } from "../../components/forms/SignInForm.tsx";
import { useAuthSubmit } from "../../components/forms/useAuthSubmit.ts";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/misc.tsx";

export interface ResetPasswordProps {
  email?: string;
  /** The new password's limits for this account (staff need a longer one). */
  passwordRule?: PasswordRule;
  invalid?: string;
  error?: string;
  fields?: Record<string, string>;
}

export default function ResetPassword({ email, passwordRule, invalid, error, fields: serverFields }: ResetPasswordProps) {
  const { onSubmit, busy, fields } = useAuthSubmit(
    "/reset-password",
    {
      success: { title: "Password changed", description: "Your new password is set and you are signed in. Other devices were signed out." },
      errorTitle: "Could not change the password",
    },
    serverFields,
  );
  return (
    <AuthLayout>
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Choose a new password</h1>
        {invalid || !passwordRule ? (
          <>
            <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
              {invalid}
            </p>
            <p className="mt-6 text-center text-sm">
              <Link to="/forgot-password" className="font-semibold text-brand-800 underline">
                Send me a new link
              </Link>
            </p>
          </>
        ) : (
          <form method="post" action="/reset-password" onSubmit={onSubmit} className="mt-6 grid gap-4" aria-label="Choose a new password">
            <FormPreamble screen="signin" error={error} />
            {email ? <input type="hidden" name="username" autoComplete="username" value={email} /> : null}
            <NewPasswordField label="New password" rule={passwordRule} error={fields.password} />
            <Button type="submit" disabled={busy} className="w-full">
              {busy ? "Saving…" : "Save my new password"}
            </Button>
          </form>
        )}
      </Card>
    </AuthLayout>
  );
}
