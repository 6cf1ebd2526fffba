// /signin/code: the second step of signing in to an account with two-factor sign-in: the app's code, or a recovery code.
import { Link } from "react-router-dom";
import { FormPreamble } from "../../components/forms/SignInForm.tsx";
import { useAuthSubmit } from "../../components/forms/useAuthSubmit.ts";
import { AuthLayout } from "../../components/layout/AuthLayout.tsx";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { Card } from "../../components/ui/misc.tsx";

export interface TwoFactorCodeProps {
  error?: string;
  fields?: Record<string, string>;
}

export default function TwoFactorCode({ error, fields: serverFields }: TwoFactorCodeProps) {
  const { onSubmit, busy, fields } = useAuthSubmit(
    "/signin/code",
    { success: { title: "Welcome back!", description: "Successfully signed in." }, errorTitle: "Login Error" },
    serverFields,
  );
  return (
    <AuthLayout>
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Enter your sign-in code</h1>
        <p className="mb-6 mt-1 text-slate-700">
          Open your authenticator app and type the 6-digit code it shows for this site. Lost your phone? Type one of your recovery codes instead.
        </p>
        <form method="post" action="/signin/code" onSubmit={onSubmit} className="grid gap-4" aria-label="Sign-in code">
          <FormPreamble screen="signin" error={error} />
          <TextField
            label="Code"
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={20}
            hint="6 digits from the app, or a recovery code such as abcde-23456"
            error={fields.code}
          />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? "Checking…" : "Sign In"}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-700">
          No phone and no recovery code? Call or write to our office: we confirm who you are before we reset it.{" "}
          <Link to="/signin" className="font-semibold text-brand-800 underline">
            Back to sign in
          </Link>
        </p>
      </Card>
    </AuthLayout>
  );
}
