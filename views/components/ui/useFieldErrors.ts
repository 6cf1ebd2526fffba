// How every form shows a failed request: each field's message next to its field, and a destructive toast that
// says what went wrong without repeating what is already written under a field.
import { useRef, useState } from "react";
import { isApiFailure } from "../../shared.tsx";
import { useToast } from "./toast.tsx";

export type FieldErrors = Record<string, string>;

/** `title` is the toast title the error catalogue names for this form ('Login Error', 'Payment Failed', 'Error'…). */
export function useFieldErrors(title: string, initial: FieldErrors = {}) {
  const { toast, dismiss } = useToast();
  const [errors, setErrors] = useState<FieldErrors>(initial);
  // The form's own error toast: replaced by the next failure, closed once the form succeeds.
  const shown = useRef<number | null>(null);
  const raise = (description: string) => {
    if (shown.current !== null) dismiss(shown.current);
    shown.current = toast({ title, description, variant: "destructive" });
  };

  /** Shows a failure: the server's field messages replace the old ones; the toast points to them or says the message. */
  const fail = (err: unknown, fallback: string) => {
    const fields = isApiFailure(err) ? err.fields : {};
    setErrors(fields);
    const message = err instanceof Error ? err.message : fallback;
    raise(Object.values(fields).includes(message) ? besideTheField(fields) : message);
  };
  /** Shows a problem found before any request (the wizard's "Please select a visa type to continue"). */
  const failField = (field: string, message: string) => {
    setErrors({ [field]: message });
    raise(besideTheField({ [field]: message }));
  };
  /** Shows messages the server sent with a success (a saved draft's answers that are still in a wrong format). */
  const show = (fields: FieldErrors) => setErrors(fields);
  /**
   * After a success or on leaving the part of the form that failed (the wizard's next step): the error toast closes
   * and only `fields` stay (the messages the server sent with its last success).
   */
  const settle = (fields: FieldErrors = {}) => {
    setErrors(fields);
    if (shown.current !== null) dismiss(shown.current);
    shown.current = null;
  };
  const clear = () => {
    setErrors({});
    if (shown.current !== null) dismiss(shown.current);
    shown.current = null;
  };
  return { errors, fail, failField, show, settle, clear };
}

/** The toast's words when the message is already under its field(s). */
function besideTheField(fields: FieldErrors): string {
  const n = Object.keys(fields).length;
  return n === 1 ? "Check the message under the field." : `Check the messages under the ${n} fields.`;
}
