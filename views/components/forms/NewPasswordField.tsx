// The field where a person chooses a password (sign-up, reset, the account page): its limits and hint come from the
// server's rule.
import { TextField } from "../ui/field.tsx";

/** The lengths a new password must have, as the server enforces them (applicants and staff differ). */
export interface PasswordRule {
  min: number;
  max: number;
}

export function NewPasswordField({ rule, label, error, name = "password" }: { rule: PasswordRule; label: string; error?: string; name?: string }) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      minLength={rule.min}
      maxLength={rule.max}
      hint={`Minimum ${rule.min} characters. Not a common password or your name.`}
      error={error}
    />
  );
}
