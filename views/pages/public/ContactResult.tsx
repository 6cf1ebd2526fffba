// After a contact form post without JavaScript: the confirmation, or the form again with what was typed and the problems.
import { SiteLayout } from "../../components/layout/SiteLayout.tsx";
import { ContactForm } from "../../components/marketing/ContactForm.tsx";
import { container } from "../../components/ui/button.ts";
import { ButtonLink } from "../../components/ui/button.tsx";
import { contactFormCopy as copy } from "../../content/layout.ts";
import type { ContactResultProps } from "./types.ts";

export default function ContactResult({ year, sent, error, fields, values }: ContactResultProps) {
  return (
    <SiteLayout year={year}>
      <section className="py-16 sm:py-20" aria-labelledby="contact-result-heading">
        <div className={`${container} max-w-2xl`}>
          {sent ? (
            <div role="status" className="rounded-2xl border border-green-300 bg-green-50 p-6">
              <h1 id="contact-result-heading" className="text-2xl font-bold text-slate-900">
                {sent.title}
              </h1>
              <p className="mt-2 text-slate-800">{sent.description}</p>
              <ButtonLink to="/" className="mt-6">
                {copy.backHome}
              </ButtonLink>
            </div>
          ) : (
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <h1 id="contact-result-heading" className="text-2xl font-bold text-slate-900">
                {copy.heading}
              </h1>
              <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
                {error}
              </p>
              <div className="mt-6">
                <ContactForm
                  labelledBy="contact-result-heading"
                  packageName={values?.package || null}
                  initialValues={values}
                  initialErrors={fields}
                />
              </div>
            </div>
          )}
        </div>
      </section>
    </SiteLayout>
  );
}
