// The sign-up form: full name, email, a new password (the server's rule, not easy to guess); a real POST to /signup.
import { Link } from "react-router-dom";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/field.tsx";
import { NewPasswordField, type PasswordRule } from "./NewPasswordField.tsx";
import { type AuthFormProps, FormPreamble } from "./SignInForm.tsx";
import { useAuthSubmit } from "./useAuthSubmit.ts";

export function SignUpForm({ screen, next, error, fields: serverFields, values, passwordRule }: AuthFormProps & { passwordRule: PasswordRule }) {
  const { onSubmit, busy, fields } = useAuthSubmit(
    "/signup",
    { success: { title: "Success!", description: "Account created successfully. Redirecting to dashboard..." }, errorTitle: "Signup Error" },
    serverFields,
  );
  return (
    <form method="post" action="/signup" onSubmit={onSubmit} className="grid gap-4" aria-label="Create account">
      <FormPreamble screen={screen} next={next} error={error} />
      <TextField
        label="Full Name"
        name="fullName"
        autoComplete="name"
        required
        maxLength={120}
        defaultValue={values?.fullName}
        error={fields.fullName}
      />
      <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={values?.email} error={fields.email} />
      <NewPasswordField label="Password" rule={passwordRule} error={fields.password} />
      <p className="text-sm text-slate-700">
        We use your details to prepare your application, as our{" "}
        <Link to="/privacy" className="font-semibold text-brand-800 underline">
          privacy notice
        </Link>{" "}
        explains.
      </p>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? "Creating account…" : "Create Account"}
      </Button>
    </form>
  );
}
