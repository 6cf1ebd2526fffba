// Frequently asked questions: native <details> disclosures, usable without JavaScript.

import { SiteLayout } from "../../components/layout/SiteLayout.tsx";
import { CtaBanner } from "../../components/marketing/CtaBanner.tsx";
import { PageHero } from "../../components/marketing/PageHero.tsx";
import { ChevronDown } from "../../components/ui/icons.ts";
import { faqIntro as copy, faqs } from "../../content/faq.ts";
import type { PublicPageProps } from "./types.ts";

export default function Faq({ year }: PublicPageProps) {
  return (
    <SiteLayout year={year}>
      <PageHero eyebrow={copy.eyebrow} title={copy.title} intro={copy.subtitle} />
      <section aria-label={copy.title} className="py-16 sm:py-20">
        <div className="mx-auto max-w-3xl space-y-4 px-4 sm:px-6">
          {faqs.map((faq) => (
            <details key={faq.question} className="group rounded-2xl border border-slate-200 bg-white shadow-sm open:shadow-md">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left text-base font-semibold sm:px-6 sm:py-5 sm:text-lg text-slate-900 hover:text-brand-800 [&::-webkit-details-marker]:hidden">
                {faq.question}
                <ChevronDown aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-800 transition-transform group-open:rotate-180" />
              </summary>
              <p className="px-5 pb-6 leading-relaxed text-slate-700 sm:px-6">{faq.answer}</p>
            </details>
          ))}
        </div>
      </section>
      <CtaBanner title={copy.ctaTitle} text={copy.ctaText} button={copy.ctaButton} to="/contact" />
    </SiteLayout>
  );
}
