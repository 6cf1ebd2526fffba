// The fact sections of a service page: routes for Nigerian applicants, where to apply from Nigeria, and dated sources.

import { servicePageLabels as labels } from "../../content/serviceLabels.ts";
import type { ServicePage } from "../../content/types.ts";
import { container } from "../ui/button.ts";
import { Building2, ExternalLink } from "../ui/icons.ts";
import { SectionHeading } from "./SectionHeading.tsx";

function Routes({ routes }: { routes: NonNullable<ServicePage["routes"]> }) {
  return (
    <section aria-labelledby="routes-heading" className="render-when-near py-16 sm:py-20">
      <div className={container}>
        <SectionHeading id="routes-heading" title={labels.routes} subtitle={labels.routesIntro} />
        <ul className="mt-10 grid gap-6 lg:grid-cols-2">
          {routes.map((route) => (
            <li key={route.purpose} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{route.purpose}</p>
              <h3 className="mt-1 text-xl font-bold text-slate-900">{route.visa}</h3>
              <h4 className="mt-4 font-semibold text-slate-900">{labels.documents}</h4>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
                {route.documents.map((doc) => (
                  <li key={doc}>{doc}</li>
                ))}
              </ul>
              <dl className="mt-4 space-y-3 text-slate-700">
                <div>
                  <dt className="font-semibold text-slate-900">{labels.money}</dt>
                  <dd>{route.money}</dd>
                </div>
                <div>
                  <dt className="font-semibold text-slate-900">{labels.processing}</dt>
                  <dd>{route.processing}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Lodging({ lines }: { lines: string[] }) {
  return (
    <section aria-labelledby="lodging-heading" className="render-when-near bg-slate-50 py-16 sm:py-20">
      <div className={`${container} max-w-4xl`}>
        <h2 id="lodging-heading" className="flex items-center gap-3 text-2xl font-bold text-slate-900 sm:text-3xl">
          <Building2 aria-hidden="true" className="h-7 w-7 shrink-0 text-brand-700" />
          {labels.lodging}
        </h2>
        <ul className="mt-6 list-disc space-y-2 pl-5 text-lg text-slate-700">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** "Last reviewed" and the official pages the facts come from. */
export function Sources({ review }: { review: NonNullable<ServicePage["review"]> }) {
  return (
    <section aria-labelledby="sources-heading" className="render-when-near py-12">
      <div className={`${container} max-w-4xl`}>
        <h2 id="sources-heading" className="text-xl font-bold text-slate-900">
          {labels.sources}
        </h2>
        <p className="mt-2 text-slate-700">
          <strong>
            {labels.lastReviewed} {review.lastReviewed}
          </strong>
          . {labels.sourcesIntro}
        </p>
        <ul className="mt-4 space-y-2">
          {review.sources.map((source) => (
            <li key={source.href}>
              <a
                href={source.href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-start gap-1.5 font-medium text-brand-800 underline underline-offset-4 hover:text-brand-900"
              >
                {source.label}
                <ExternalLink aria-hidden="true" className="mt-1 h-4 w-4 shrink-0" />
                <span className="sr-only">{labels.opensNewTab}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function ServiceFacts({ page }: { page: ServicePage }) {
  return (
    <>
      {page.routes?.length ? <Routes routes={page.routes} /> : null}
      {page.lodging?.length ? <Lodging lines={page.lodging} /> : null}
    </>
  );
}
