// How every form shows a failed request: each field's message next to its field, the message in a destructive toast.
import { useState } from "react";
import { isApiFailure } from "../../shared.tsx";
import { useToast } from "./toast.tsx";

export type FieldErrors = Record<string, string>;

/** `title` is the toast title the error catalogue names for this form ('Login Error', 'Payment Failed', 'Error'…). */
export function useFieldErrors(title: string, initial: FieldErrors = {}) {
  const { toast } = useToast();
  const [errors, setErrors] = useState<FieldErrors>(initial);

  /** Shows a failure: the server's field messages replace the old ones, its message goes to the toast. */
  const fail = (err: unknown, fallback: string) => {
    setErrors(isApiFailure(err) ? err.fields : {});
    toast({ title, description: err instanceof Error ? err.message : fallback, variant: "destructive" });
  };
  /** Shows a problem found before any request (the wizard's "Please select a visa type to continue"). */
  const failField = (field: string, message: string) => {
    setErrors({ [field]: message });
    toast({ title, description: message, variant: "destructive" });
  };
  /** Shows messages the server sent with a success (a saved draft's answers that are still in a wrong format). */
  const show = (fields: FieldErrors) => setErrors(fields);
  return { errors, fail, failField, show, clear: () => setErrors({}) };
}
