// Success stories (SPEC §2.5): the four statistics and nine testimonial cards. The visas issued and the success rate
// are the SPEC's unless a manager chose the decisions recorded on cases, shown then with the period they cover.
import { SiteLayout } from "../../components/layout/SiteLayout.tsx";
import { CtaBanner } from "../../components/marketing/CtaBanner.tsx";
import { PageHero } from "../../components/marketing/PageHero.tsx";
import { SectionHeading } from "../../components/marketing/SectionHeading.tsx";
import { TestimonialGrid } from "../../components/marketing/Testimonials.tsx";
import { container } from "../../components/ui/button.ts";
import { successIntro as copy, successStats, successTestimonials } from "../../content/successStories.ts";
import type { SuccessStoriesProps } from "./types.ts";

export default function SuccessStories({ year, figures }: SuccessStoriesProps) {
  // Where a manager chose so, the visas issued and the success rate come from the decisions recorded on cases.
  const stats = figures
    ? successStats.map((s) =>
        s.label === "Successful Visas" ? { ...s, value: figures.visas } : s.label === "Success Rate" ? { ...s, value: figures.rate } : s,
      )
    : successStats;
  return (
    <SiteLayout year={year}>
      <PageHero eyebrow={copy.eyebrow} title={copy.title} intro={copy.subtitle} />

      <section aria-labelledby="stats-heading" className="border-b border-slate-200 bg-white py-12">
        <div className={container}>
          <h2 id="stats-heading" className="sr-only">
            {copy.statsHeading}
          </h2>
          <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4">
            {stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse rounded-2xl bg-brand-50 p-6 text-center">
                <dt className="mt-1 text-sm font-medium text-slate-700 sm:text-base">{stat.label}</dt>
                <dd className="text-3xl font-extrabold text-brand-800 sm:text-4xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
          {figures ? <p className="mt-4 text-center text-sm text-slate-700">{figures.period}</p> : null}
        </div>
      </section>

      <section aria-labelledby="stories-heading" className="bg-slate-50 py-16 sm:py-20">
        <div className={container}>
          <SectionHeading id="stories-heading" title={copy.testimonialsHeading} />
          <div className="mt-12">
            <TestimonialGrid testimonials={successTestimonials} />
          </div>
        </div>
      </section>

      <CtaBanner title={copy.ctaTitle} text={copy.ctaText} button={copy.ctaButton} to="/#contact" />
    </SiteLayout>
  );
}
