// About page (SPEC §2.5): Our Story, Our Values, Our Team and Visit Our Office.

import { Link } from "react-router-dom";
import { SiteLayout } from "../../components/layout/SiteLayout.tsx";
import { CardGrid } from "../../components/marketing/Cards.tsx";
import { OfficeDetails } from "../../components/marketing/OfficeDetails.tsx";
import { PageHero } from "../../components/marketing/PageHero.tsx";
import { SectionHeading } from "../../components/marketing/SectionHeading.tsx";
import { buttonClass, container } from "../../components/ui/button.ts";
import { ArrowRight } from "../../components/ui/icons.ts";
import { about, aboutHours, aboutIntro as copy } from "../../content/about.ts";
import type { PublicPageProps } from "./types.ts";

export default function About({ year }: PublicPageProps) {
  return (
    <SiteLayout year={year}>
      <PageHero eyebrow={copy.eyebrow} title={copy.title} intro={copy.subtitle} />

      <section aria-labelledby="story-heading" className="py-16 sm:py-20">
        <div className={`${container} max-w-4xl`}>
          <SectionHeading id="story-heading" title={copy.storyHeading} align="left" />
          <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-700">
            {about.story.map((p) => (
              <p key={p.slice(0, 40)}>{p}</p>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="bg-slate-50 py-16 sm:py-20">
        <div className={container}>
          <SectionHeading id="values-heading" title={copy.valuesHeading} />
          <div className="mt-12">
            <CardGrid cards={about.values} columns={4} />
          </div>
        </div>
      </section>

      <section aria-labelledby="team-heading" className="py-16 sm:py-20">
        <div className={container}>
          <SectionHeading id="team-heading" title={copy.teamHeading} />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {about.team.map((member) => (
              <li key={member.name} className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
                <span
                  aria-hidden="true"
                  className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-linear-to-br from-brand-700 to-brand-900 text-2xl font-bold text-white"
                >
                  {member.initials}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{member.name}</h3>
                <p className="text-sm font-medium text-brand-800">{member.role}</p>
                <p className="mt-3 text-slate-700">{member.bio}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="office-heading" className="bg-slate-50 py-16 sm:py-20">
        <div className={`${container} grid gap-10 lg:grid-cols-2`}>
          <div>
            <SectionHeading id="office-heading" title={about.office.heading} align="left" />
            <p className="mt-6 text-lg text-slate-700">{about.office.text}</p>
            <Link to="/contact" className={`${buttonClass("primary", "lg")} mt-8`}>
              {copy.directions}
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </Link>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <OfficeDetails hours={aboutHours} hoursTitle={copy.hoursHeading} />
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}
