// /privacy: the privacy notice (NDPA 2023): what we collect, why, who sees it, how long we keep it, and the rights.

import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { SiteLayout } from "../../components/layout/SiteLayout.tsx";
import { addressLines, telHref } from "../../components/layout/siteFacts.ts";
import { PageHero } from "../../components/marketing/PageHero.tsx";
import { buttonClass, container } from "../../components/ui/button.ts";
import { ArrowRight, Mail, MapPin, Phone } from "../../components/ui/icons.ts";
import {
  collected,
  DELETION_RULE,
  privacyHeadings as h,
  privacyIntro as intro,
  type PrivacyItem,
  purposes,
  recipients,
  retention,
  rights,
  rightsIntro,
} from "../../content/privacy.ts";
import { useShared } from "../../shared.tsx";
import type { PrivacyPageProps } from "./types.ts";

const sectionHeading = "text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-slate-200 pt-10">
      <h2 id={id} className={sectionHeading}>
        {title}
      </h2>
      <div className="mt-5 space-y-4 text-slate-700">{children}</div>
    </section>
  );
}

function ItemList({ items }: { items: PrivacyItem[] }) {
  return (
    <dl className="space-y-4">
      {items.map((item) => (
        <div key={item.what}>
          <dt className="font-semibold text-slate-900">{item.what}</dt>
          <dd className="mt-1 leading-relaxed">{item.detail}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function Privacy({ year, periods }: PrivacyPageProps) {
  const { site } = useShared();
  const [line1, line2] = addressLines(site);
  return (
    <SiteLayout year={year}>
      <PageHero
        eyebrow={intro.eyebrow}
        title={intro.title}
        intro={`${site.name} keeps only what it needs to advise you and to prepare your application. This notice says what that is, why we keep it, who sees it, for how long, and how you can take a copy or have it deleted.`}
      />
      <div className={`${container} max-w-4xl space-y-10 py-14 sm:py-16`}>
        <p className="text-sm text-slate-600">{intro.updated}</p>

        <Section id="collected-heading" title={h.collected}>
          <ItemList items={collected} />
        </Section>

        <Section id="purposes-heading" title={h.purposes}>
          <ItemList items={purposes} />
        </Section>

        <Section id="recipients-heading" title={h.recipients}>
          <ul className="list-disc space-y-2 pl-6">
            {recipients.map((r) => (
              <li key={r.slice(0, 40)}>{r}</li>
            ))}
          </ul>
        </Section>

        <Section id="retention-heading" title={h.retention}>
          <div className="overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{h.retention}</caption>
              <thead className="bg-slate-50 text-slate-900">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Data
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Kept
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {retention(periods).map((row) => (
                  <tr key={row.what} className="align-top">
                    <th scope="row" className="w-1/3 px-4 py-3 font-medium text-slate-900">
                      {row.what}
                    </th>
                    <td className="px-4 py-3 leading-relaxed">{row.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Section>

        <Section id="rights-heading" title={h.rights}>
          <p>{rightsIntro}</p>
          <ItemList items={rights} />
          <h3 className="pt-2 text-lg font-semibold text-slate-900">{h.deletionRule}</h3>
          <p className="leading-relaxed">{DELETION_RULE}</p>
          <Link to="/account" className={`${buttonClass("primary", "lg")} mt-2`}>
            {h.account}
            <ArrowRight aria-hidden="true" className="h-5 w-5" />
          </Link>
        </Section>

        <Section id="contact-heading" title={h.contact}>
          <p>
            {site.name} is responsible for your data. Write, call or visit us; we answer requests about your data within 30 days, and we may ask you
            to prove who you are first.
          </p>
          <ul className="space-y-3">
            <li className="flex gap-3">
              <Mail aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              <a href={`mailto:${site.emailSupport}`} className="break-all font-medium text-brand-800 underline">
                {site.emailSupport}
              </a>
            </li>
            <li className="flex gap-3">
              <Phone aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              <a href={telHref(site.phone)} className="font-medium text-brand-800 underline">
                {site.phone}
              </a>
            </li>
            <li className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              <address className="not-italic">
                {line1}, {line2}
              </address>
            </li>
          </ul>
        </Section>
      </div>
    </SiteLayout>
  );
}
