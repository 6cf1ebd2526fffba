// The contact form (SPEC §2.4): four required fields, a confirmation toast, cleared fields and no request at all.
import { Send } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { contactFormCopy as copy } from "../../content/layout.ts";
import { buttonClass } from "../ui/button.ts";
import { useToast } from "../ui/toast.tsx";

export interface ContactFormProps {
  /** Pre-filled message, e.g. when a visitor books a travel package. */
  initialMessage?: string;
  /** Id of the heading that names the form. */
  labelledBy?: string;
}

const EMPTY = { name: "", email: "", phone: "", message: "" };
type Field = keyof typeof EMPTY;

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600";

export function ContactForm({ initialMessage = "", labelledBy }: ContactFormProps) {
  const { toast } = useToast();
  const id = useId();
  const [values, setValues] = useState({ ...EMPTY, message: initialMessage });
  const bind = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    required: true,
    value: values[field],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
    className: inputClass,
  });

  // Visitors only see a confirmation: the enquiry is not sent anywhere (SPEC §1, §2.4).
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    toast({ title: copy.sentTitle, description: copy.sentDescription });
    setValues(EMPTY);
  };

  return (
    <form onSubmit={submit} aria-labelledby={labelledBy} className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-900">
            {copy.name}
          </label>
          <input type="text" autoComplete="name" placeholder={copy.namePlaceholder} {...bind("name")} />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="text-sm font-medium text-slate-900">
            {copy.email}
          </label>
          <input type="email" autoComplete="email" placeholder={copy.emailPlaceholder} {...bind("email")} />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-phone`} className="text-sm font-medium text-slate-900">
          {copy.phone}
        </label>
        <input type="tel" autoComplete="tel" placeholder={copy.phonePlaceholder} {...bind("phone")} />
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="text-sm font-medium text-slate-900">
          {copy.message}
        </label>
        <textarea rows={5} placeholder={copy.messagePlaceholder} {...bind("message")} />
      </div>
      <button type="submit" className={`${buttonClass("primary", "lg")} w-full sm:w-auto sm:justify-self-start`}>
        <Send aria-hidden="true" className="h-4 w-4" />
        {copy.submit}
      </button>
    </form>
  );
}
