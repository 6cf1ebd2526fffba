// The sign-up form: full name, email, a new password (the server's rule, not easy to guess), and the choice of updates
// on WhatsApp and SMS (unticked; the mobile number shows once a box is ticked, by CSS, so also before script loads);
// a real POST to /signup.
import { Link } from "react-router-dom";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/field.tsx";
import { NewPasswordField, type PasswordRule } from "./NewPasswordField.tsx";
import { type AuthFormProps, FormPreamble } from "./SignInForm.tsx";
import { useAuthSubmit } from "./useAuthSubmit.ts";

/** What the sign-up form keeps of what was typed when the server refuses it (never the password). */
export interface SignUpValues {
  email?: string;
  fullName?: string;
  channelPhone?: string;
  whatsapp?: boolean;
  sms?: boolean;
}

/** Each channel with the exact words the server stores when it is ticked. */
export type ChannelWords = { channel: "whatsapp" | "sms"; words: string }[];

export function SignUpForm({
  screen,
  next,
  error,
  fields: serverFields,
  values,
  passwordRule,
  channels,
}: Omit<AuthFormProps, "values"> & { values?: SignUpValues; passwordRule: PasswordRule; channels: ChannelWords }) {
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
      <fieldset className="group grid gap-3">
        <legend className="mb-1 font-medium text-slate-900">Updates on WhatsApp and SMS (optional)</legend>
        {channels.map((c) => (
          <label key={c.channel} className="flex items-start gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              name={c.channel}
              value="yes"
              defaultChecked={Boolean(values?.[c.channel])}
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
            />
            <span>{c.words}</span>
          </label>
        ))}
        <div className="hidden group-has-checked:block">
          <TextField
            label="Mobile number"
            name="channelPhone"
            type="tel"
            autoComplete="tel"
            maxLength={32}
            defaultValue={values?.channelPhone}
            hint="e.g. 0803 000 0000"
            error={fields.channelPhone}
          />
        </div>
      </fieldset>
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
