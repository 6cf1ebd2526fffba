// /forgot-password: ask for a reset link; the answer never says whether the address has an account.
import { Link } from "react-router-dom";
import { FormPreamble } from "../../components/forms/SignInForm.tsx";
import { useAuthSubmit } from "../../components/forms/useAuthSubmit.ts";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { Card } from "../../components/ui/misc.tsx";

export interface ForgotPasswordProps {
  sent?: boolean;
  error?: string;
  fields?: Record<string, string>;
  email?: string;
}

export const RESET_SENT = "If an account uses that address, we have sent it a link to choose a new password. The link works once, for 1 hour.";

export default function ForgotPassword({ sent, error, fields: serverFields, email }: ForgotPasswordProps) {
  const { onSubmit, busy, fields } = useAuthSubmit(
    "/forgot-password",
    { success: { title: "Check your e-mail", description: RESET_SENT }, errorTitle: "Could not send the link" },
    serverFields,
  );
  return (
    <AuthLayout>
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Forgot your password?</h1>
        {sent ? (
          <p role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900">
            {RESET_SENT}
          </p>
        ) : (
          <>
            <p className="mb-6 mt-1 text-slate-700">Enter the e-mail address of your account and we will send you a link to choose a new one.</p>
            <form method="post" action="/forgot-password" onSubmit={onSubmit} className="grid gap-4" aria-label="Forgot password">
              <FormPreamble screen="signin" error={error} />
              <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={email} error={fields.email} />
              <Button type="submit" disabled={busy} className="w-full">
                {busy ? "Sending…" : "Send me a reset link"}
              </Button>
            </form>
          </>
        )}
        <p className="mt-6 text-center text-sm text-slate-700">
          Remembered it?{" "}
          <Link to="/signin" className="font-semibold text-brand-800 underline">
            Sign in
          </Link>
        </p>
      </Card>
    </AuthLayout>
  );
}
