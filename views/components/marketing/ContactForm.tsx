// The contact form (SPEC §2.4): a real form post to /contact (works without JavaScript), sent in the background when
// scripts run. Its fields are uncontrolled, so text typed before the page hydrates is kept.

import { type FormEvent, useId, useState } from "react";
import { contactFormCopy as copy } from "../../content/layout.ts";
import { isApiFailure, useApi } from "../../shared.tsx";
import { buttonClass } from "../ui/button.ts";
import { Send } from "../ui/icons.ts";
import { useToast } from "../ui/toast.tsx";

export interface ContactFormProps {
  /** Pre-filled message, e.g. when a visitor books a travel package. */
  initialMessage?: string;
  /** The travel package the visitor chose with "Book Now", sent with the enquiry. */
  packageName?: string | null;
  /** Id of the heading that names the form. */
  labelledBy?: string;
  /** What the visitor typed, and the server's field errors, after a plain form post was refused. */
  initialValues?: Partial<Record<Field, string>>;
  initialErrors?: Record<string, string>;
}

const FIELDS = ["name", "email", "phone", "message"] as const;
type Field = (typeof FIELDS)[number];

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-[invalid=true]:border-red-700";

export function ContactForm({ initialMessage = "", packageName, labelledBy, initialValues = {}, initialErrors = {} }: ContactFormProps) {
  const { toast } = useToast();
  const api = useApi();
  const id = useId();
  const [errors, setErrors] = useState<Record<string, string>>(initialErrors);
  const [busy, setBusy] = useState(false);
  const bind = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    required: true,
    defaultValue: initialValues[field] ?? (field === "message" ? initialMessage : ""),
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${id}-${field}-error` : undefined,
    className: inputClass,
  });
  const label = (field: Field, text: string) => (
    <label htmlFor={`${id}-${field}`} className="text-sm font-medium text-slate-900">
      {text}
    </label>
  );
  const error = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    setBusy(true);
    try {
      const sent = await api<{ title: string; description: string }>("POST", "/contact", Object.fromEntries(new FormData(form)));
      toast(sent);
      setErrors({});
      for (const field of FIELDS) (form.elements.namedItem(field) as HTMLInputElement).value = "";
    } catch (err) {
      // Nothing typed is lost: the fields keep their text, the problems show beside them.
      setErrors(isApiFailure(err) ? err.fields : {});
      toast({ title: copy.failedTitle, description: err instanceof Error ? err.message : copy.failedDescription, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" action="/contact" onSubmit={submit} aria-labelledby={labelledBy} className="grid gap-5">
      {packageName ? <input type="hidden" name="package" value={packageName} /> : null}
      {/* Honeypot: hidden from people and assistive technology; bots that fill it are ignored. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Leave this field empty</label>
        <input id={`${id}-website`} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          {label("name", copy.name)}
          <input type="text" autoComplete="name" maxLength={120} placeholder={copy.namePlaceholder} {...bind("name")} />
          {error("name")}
        </div>
        <div>
          {label("email", copy.email)}
          <input type="email" autoComplete="email" maxLength={254} placeholder={copy.emailPlaceholder} {...bind("email")} />
          {error("email")}
        </div>
      </div>
      <div>
        {label("phone", copy.phone)}
        <input type="tel" autoComplete="tel" maxLength={32} placeholder={copy.phonePlaceholder} {...bind("phone")} />
        {error("phone")}
      </div>
      <div>
        {label("message", copy.message)}
        <textarea rows={5} maxLength={5000} placeholder={copy.messagePlaceholder} {...bind("message")} />
        {error("message")}
      </div>
      <button type="submit" disabled={busy} className={`${buttonClass("primary", "lg")} w-full sm:w-auto sm:justify-self-start`}>
        <Send aria-hidden="true" className="h-4 w-4" />
        {busy ? copy.sending : copy.submit}
      </button>
    </form>
  );
}
