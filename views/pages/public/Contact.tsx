// Contact page (SPEC §2.4): four info cards, the contact form (pre-filled when booking a package) and the office map.

import type { ReactNode } from "react";
import { Island } from "../../components/layout/Island.tsx";
import { SiteLayout } from "../../components/layout/SiteLayout.tsx";
import { addressLines, telHref } from "../../components/layout/siteFacts.ts";
import ContactFormIsland from "../../components/marketing/ContactFormIsland.tsx";
import { HoursList } from "../../components/marketing/OfficeDetails.tsx";
import { PageHero } from "../../components/marketing/PageHero.tsx";
import { SectionHeading } from "../../components/marketing/SectionHeading.tsx";
import { container } from "../../components/ui/button.ts";
import { Clock, Mail, MapPin, Phone } from "../../components/ui/icons.ts";
import { contactHours, contactIntro as copy, officeLocation } from "../../content/contact.ts";
import { contactFormCopy, contactInfoLabels } from "../../content/layout.ts";
import { useShared } from "../../shared.tsx";
import type { ContactPageProps } from "./types.ts";

function InfoCard({ icon: Icon, title, children }: { icon: typeof Phone; title: string; children: ReactNode }) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-800 text-white">
        <Icon className="h-6 w-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-2 text-slate-700">{children}</div>
    </li>
  );
}

function mapUrls() {
  const { latitude: lat, longitude: lon } = officeLocation;
  const bbox = [lon - 0.01, lat - 0.006, lon + 0.01, lat + 0.006].map((n) => n.toFixed(4)).join(",");
  return {
    embed: `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lon}`,
    full: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`,
  };
}

export default function Contact({ year, packageTitle }: ContactPageProps) {
  const { site } = useShared();
  const [line1, line2] = addressLines(site);
  const map = mapUrls();
  return (
    <SiteLayout year={year} hasContact>
      <PageHero eyebrow={copy.eyebrow} title={copy.title} intro={copy.subtitle} />

      <div className={`${container} -mt-8 relative`}>
        <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          <InfoCard icon={MapPin} title={contactInfoLabels.visit}>
            <address className="not-italic">
              {line1}
              <br />
              {line2}
            </address>
          </InfoCard>
          <InfoCard icon={Phone} title={contactInfoLabels.call}>
            <a href={telHref(site.phone)} className="font-medium text-brand-800 hover:underline">
              {site.phone}
            </a>
          </InfoCard>
          <InfoCard icon={Mail} title={contactInfoLabels.email}>
            <a
              href={`mailto:${site.emailInfo}`}
              className="block text-sm font-medium break-all text-brand-800 hover:underline sm:text-base xl:text-sm"
            >
              {site.emailInfo}
            </a>
            <a
              href={`mailto:${site.emailSupport}`}
              className="block text-sm font-medium break-all text-brand-800 hover:underline sm:text-base xl:text-sm"
            >
              {site.emailSupport}
            </a>
          </InfoCard>
          <InfoCard icon={Clock} title={contactInfoLabels.hours}>
            <HoursList hours={contactHours} />
          </InfoCard>
        </ul>
      </div>

      <section id="contact" className="py-16 sm:py-20" aria-labelledby="contact-heading">
        <div className={`${container} grid gap-10 lg:grid-cols-2`}>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <SectionHeading id="contact-heading" title={copy.formHeading} subtitle={copy.formSubtitle} align="left" />
            <p className="mt-4 text-slate-700">
              {copy.bookPrompt}
              <a href="/book" className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900">
                {copy.bookLink}
              </a>
            </p>
            {packageTitle ? (
              <p className="mt-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-medium text-slate-900">
                {copy.bookingNote(packageTitle)}
              </p>
            ) : null}
            <div className="mt-8">
              <Island
                name="contact-form"
                Component={ContactFormIsland}
                props={{
                  labelledBy: "contact-heading",
                  packageName: packageTitle,
                  initialMessage: packageTitle ? contactFormCopy.bookingMessage(packageTitle) : "",
                }}
              />
            </div>
          </div>
          <div className="flex flex-col">
            <h2 className="text-2xl font-bold text-slate-900">{copy.mapHeading}</h2>
            <div className="mt-4 min-h-80 flex-1 overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 shadow-sm">
              <iframe title={copy.mapTitle} src={map.embed} loading="lazy" className="h-full min-h-80 w-full border-0" />
            </div>
            <a
              href={map.full}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 self-start font-medium text-brand-800 underline underline-offset-4"
            >
              {copy.mapLink}
            </a>
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}
