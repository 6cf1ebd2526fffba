// The sign-in form: a real POST to /signin, submitted in the background when JavaScript runs.
import { Link } from "react-router-dom";
import { useShared } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/field.tsx";
import { useAuthSubmit } from "./useAuthSubmit.ts";

export interface AuthFormProps {
  screen: "signin" | "signup" | "auth";
  next?: string;
  error?: string;
  fields?: Record<string, string>;
  values?: { email?: string; fullName?: string };
}

/** What both account forms carry: the server's error, the CSRF token, which screen posted, where to return to. */
export function FormPreamble({ screen, next, error }: Pick<AuthFormProps, "screen" | "next" | "error">) {
  const { csrfToken } = useShared();
  return (
    <>
      {error ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
      <input type="hidden" name="screen" value={screen} />
      {next ? <input type="hidden" name="next" value={next} /> : null}
    </>
  );
}

export function SignInForm({ screen, next, error, fields: serverFields, values }: AuthFormProps) {
  const { onSubmit, busy, fields } = useAuthSubmit(
    "/signin",
    { success: { title: "Welcome back!", description: "Successfully signed in." }, errorTitle: "Login Error" },
    serverFields,
  );
  return (
    <form method="post" action="/signin" onSubmit={onSubmit} className="grid gap-4" aria-label="Sign in">
      <FormPreamble screen={screen} next={next} error={error} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={values?.email} error={fields.email} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required maxLength={128} error={fields.password} />
      <p className="-mt-2 text-right text-sm">
        <Link to="/forgot-password" className="font-medium text-brand-800 underline">
          Forgot password?
        </Link>
      </p>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? "Signing in…" : "Sign In"}
      </Button>
    </form>
  );
}
