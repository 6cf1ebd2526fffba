// Travel packages (SPEC §2.5): six packages whose "Book Now" opens the contact form naming the package.

import { Link } from "react-router-dom";
import { SiteLayout } from "../../components/layout/SiteLayout.tsx";
import { CardGrid } from "../../components/marketing/Cards.tsx";
import { CtaBanner } from "../../components/marketing/CtaBanner.tsx";
import { PageHero } from "../../components/marketing/PageHero.tsx";
import { Stars } from "../../components/marketing/Rating.tsx";
import { SectionHeading } from "../../components/marketing/SectionHeading.tsx";
import { buttonClass, container } from "../../components/ui/button.ts";
import { CalendarDays, Check, MapPin } from "../../components/ui/icons.ts";
import { packagesIntro as copy, packageServiceCards, packagesPriceNote, travelPackages } from "../../content/travelPackages.ts";
import type { TravelPackage } from "../../content/types.ts";
import type { PublicPageProps } from "./types.ts";

function bookingHref(title: string): string {
  return `/contact?package=${encodeURIComponent(title)}#contact`;
}

function PackageCard({ pkg }: { pkg: TravelPackage }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="on-dark bg-linear-to-br from-brand-800 to-brand-600 p-6 text-white md:min-h-32">
        <h3 className="text-xl font-bold">{pkg.title}</h3>
        <p className="mt-2 flex items-start gap-2 text-sm text-blue-100">
          <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {pkg.destinations}
        </p>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
            <CalendarDays aria-hidden="true" className="h-4 w-4 text-brand-800" />
            {pkg.duration}
          </p>
          <div className="flex items-center gap-2">
            <Stars rating={pkg.rating} />
            <span aria-hidden="true" className="text-sm font-semibold text-slate-800">
              {pkg.rating}
            </span>
          </div>
        </div>
        <p className="mt-4">
          <span className="text-3xl font-extrabold text-brand-800">{pkg.price}</span> <span className="text-sm text-slate-700">{copy.perPerson}</span>
        </p>
        <h4 className="mt-5 text-sm font-semibold uppercase tracking-wider text-slate-900">{copy.includesHeading}</h4>
        <ul className="mt-2 flex-1 space-y-2">
          {pkg.includes.map((item) => (
            <li key={item} className="flex gap-2 text-slate-700">
              <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
              {item}
            </li>
          ))}
        </ul>
        <Link to={bookingHref(pkg.title)} className={`${buttonClass("primary", "lg")} mt-6 w-full`}>
          {copy.bookNow}
          <span className="sr-only">: {pkg.title}</span>
        </Link>
      </div>
    </article>
  );
}

export default function TravelPackages({ year }: PublicPageProps) {
  return (
    <SiteLayout year={year}>
      <PageHero eyebrow={copy.eyebrow} title={copy.title} intro={copy.subtitle} />

      <section aria-labelledby="packages-heading" className="py-16 sm:py-20">
        <div className={container}>
          <SectionHeading id="packages-heading" title={copy.packagesHeading} subtitle={packagesPriceNote} />
          <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {travelPackages.map((pkg) => (
              <li key={pkg.title}>
                <PackageCard pkg={pkg} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="travel-services-heading" className="bg-slate-50 py-16 sm:py-20">
        <div className={container}>
          <SectionHeading id="travel-services-heading" title={copy.servicesHeading} subtitle={copy.servicesSubtitle} />
          <div className="mt-12">
            <CardGrid cards={packageServiceCards} columns={4} />
          </div>
        </div>
      </section>

      <CtaBanner title={copy.ctaTitle} text={copy.ctaText} button={copy.ctaButton} to="/contact" />
    </SiteLayout>
  );
}
