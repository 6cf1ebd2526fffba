// Home page (SPEC §2.3): hero, services, why choose us, testimonials, contact section.

import { Island } from "../../components/layout/Island.tsx";
import { SiteLayout } from "../../components/layout/SiteLayout.tsx";
import { CardGrid, LinkCard } from "../../components/marketing/Cards.tsx";
import ContactFormIsland from "../../components/marketing/ContactFormIsland.tsx";
import { HomeHero } from "../../components/marketing/HomeHero.tsx";
import { OfficeDetails } from "../../components/marketing/OfficeDetails.tsx";
import { SectionHeading } from "../../components/marketing/SectionHeading.tsx";
import { TestimonialGrid } from "../../components/marketing/Testimonials.tsx";
import { container } from "../../components/ui/button.ts";
import { homeSections as copy, homeContactHours, homeServiceTiles, homeTestimonials, whyChooseUs } from "../../content/home.ts";
import type { PublicPageProps } from "./types.ts";

export default function Home({ year }: PublicPageProps) {
  return (
    <SiteLayout year={year} hasContact>
      <HomeHero />

      <section id="services" aria-labelledby="services-heading" className="render-when-near py-16 sm:py-24">
        <div className={container}>
          <SectionHeading id="services-heading" {...copy.services} />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {homeServiceTiles.map((tile) => (
              <li key={tile.title}>
                <LinkCard card={tile} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="why-heading" className="render-when-near bg-slate-50 py-16 sm:py-24">
        <div className={container}>
          <SectionHeading id="why-heading" {...copy.why} />
          <div className="mt-12">
            <CardGrid cards={whyChooseUs} />
          </div>
        </div>
      </section>

      <section aria-labelledby="testimonials-heading" className="render-when-near py-16 sm:py-24">
        <div className={container}>
          <SectionHeading id="testimonials-heading" {...copy.testimonials} />
          <div className="mt-12">
            <TestimonialGrid testimonials={homeTestimonials} />
          </div>
        </div>
      </section>

      <section id="contact" aria-labelledby="contact-heading" className="render-when-near bg-slate-50 py-16 sm:py-24">
        <div className={`${container} grid gap-12 lg:grid-cols-5`}>
          <div className="lg:col-span-2">
            <SectionHeading
              id="contact-heading"
              align="left"
              eyebrow={copy.contact.eyebrow}
              title={copy.contact.title}
              subtitle={copy.contact.subtitle}
            />
            <div className="mt-10">
              <OfficeDetails hours={homeContactHours} hoursTitle={copy.contact.hoursHeading} />
            </div>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3">
            <Island name="contact-form" Component={ContactFormIsland} props={{ labelledBy: "contact-heading" }} />
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}
