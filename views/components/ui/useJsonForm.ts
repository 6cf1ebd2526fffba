// A form that posts its fields as JSON: one request at a time, field errors beside their fields and the message in a
// toast (useFieldErrors), and `done` with the answer and the form element. Its submit button takes `disabled`: on
// while a request is out and until the page is hydrated (useHydrated).
import { type FormEvent, useState } from "react";
import { useApi } from "../../shared.tsx";
import { useFieldErrors } from "./useFieldErrors.ts";
import { useHydrated } from "./useHydrated.ts";

export function useJsonForm<T>(url: string, errorTitle: string, done: (res: T, form: HTMLFormElement) => void | Promise<void>) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const errors = useFieldErrors(errorTitle);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    errors.clear();
    setBusy(true);
    try {
      await done(await api<T>("POST", url, Object.fromEntries(new FormData(form))), form);
    } catch (err) {
      errors.fail(err, "Please try again.");
    } finally {
      setBusy(false);
    }
  };
  return { onSubmit: (e: FormEvent<HTMLFormElement>) => void onSubmit(e), busy, disabled: busy || !hydrated, errors: errors.errors };
}
