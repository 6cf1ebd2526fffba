// A service page under /services/{slug} (SPEC §2.5): requirements, benefits, numbered process, highlights, CTA.

import { Link } from "react-router-dom";
import { SiteLayout } from "../../components/layout/SiteLayout.tsx";
import { CardGrid } from "../../components/marketing/Cards.tsx";
import { CtaBanner } from "../../components/marketing/CtaBanner.tsx";
import { PageHero } from "../../components/marketing/PageHero.tsx";
import { SectionHeading } from "../../components/marketing/SectionHeading.tsx";
import { ServiceFacts, Sources } from "../../components/marketing/ServiceFacts.tsx";
import { container } from "../../components/ui/button.ts";
import { ArrowRight, CheckCircle2, FileCheck2, Sparkles } from "../../components/ui/icons.ts";
import { servicePageLabels as labels } from "../../content/serviceLabels.ts";
import type { ServicePageProps } from "./types.ts";

function CheckList({ items, icon: Icon }: { items: string[]; icon: typeof CheckCircle2 }) {
  return (
    <ul className="mt-6 space-y-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-slate-700">
          <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export default function ServicePage({ year, page }: ServicePageProps) {
  return (
    <SiteLayout year={year}>
      <PageHero eyebrow={page.eyebrow} title={page.title} intro={page.intro}>
        {page.highlights?.length ? (
          <div className="mt-8">
            <h2 className="sr-only">{labels.highlights}</h2>
            <ul className="flex flex-wrap gap-2">
              {page.highlights.map((h) => (
                <li
                  key={h}
                  className="inline-flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1.5 text-sm font-medium text-white ring-1 ring-white/25"
                >
                  <Sparkles aria-hidden="true" className="h-4 w-4 text-amber-300" />
                  {h}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </PageHero>

      <div className={`${container} grid gap-8 py-16 sm:py-20 lg:grid-cols-2`}>
        <section aria-labelledby="requirements-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="requirements-heading" className="text-2xl font-bold text-slate-900">
            {labels.requirements}
          </h2>
          <CheckList items={page.requirements} icon={FileCheck2} />
        </section>
        <section aria-labelledby="benefits-heading" className="rounded-2xl border border-slate-200 bg-brand-50 p-6 shadow-sm sm:p-8">
          <h2 id="benefits-heading" className="text-2xl font-bold text-slate-900">
            {labels.benefits}
          </h2>
          <CheckList items={page.benefits} icon={CheckCircle2} />
        </section>
      </div>

      <ServiceFacts page={page} />

      {page.cards ? (
        <section aria-labelledby="cards-heading" className="render-when-near pb-16 sm:pb-20">
          <div className={container}>
            <SectionHeading id="cards-heading" title={page.cards.heading} />
            <div className="mt-10">
              <CardGrid cards={page.cards.items} columns={4} />
            </div>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="process-heading" className="render-when-near bg-slate-50 py-16 sm:py-20">
        <div className={container}>
          <SectionHeading id="process-heading" title={labels.process} />
          <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {page.process.map((step, i) => (
              <li key={step.step} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-800 font-bold text-white">
                  {i + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.step}</h3>
                <p className="mt-2 text-slate-700">{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {page.extra ? (
        <section aria-labelledby="extra-heading" className="render-when-near py-16 sm:py-20">
          <div className={container}>
            <SectionHeading id="extra-heading" title={page.extra.heading} />
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {page.extra.items.map((item) => (
                <li key={item.title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                  <h3 className="text-xl font-bold text-brand-800">{item.title}</h3>
                  <p className="mt-2 flex-1 text-slate-700">{item.description}</p>
                  {item.href ? (
                    <Link
                      to={item.href}
                      className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-800 underline-offset-4 hover:underline"
                    >
                      {labels.learnMore}
                      <span className="sr-only">: {item.title}</span>
                      <ArrowRight aria-hidden="true" className="h-4 w-4" />
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {page.review ? <Sources review={page.review} /> : null}

      <CtaBanner title={labels.ctaTitle} text={labels.ctaText} button={page.ctaLabel} to={page.ctaHref ?? "/#contact"} />
    </SiteLayout>
  );
}
