// Office facts shown in contact sections: address, phone, e-mails (from the site configuration) and opening hours.

import type { ReactNode } from "react";
import { contactInfoLabels } from "../../content/layout.ts";
import type { OpeningHours } from "../../content/types.ts";
import { useShared } from "../../shared.tsx";
import { addressLines, telHref } from "../layout/siteFacts.ts";
import { Clock, Mail, MapPin, Phone } from "../ui/icons.ts";

export function HoursList({ hours }: { hours: OpeningHours[] }) {
  return (
    <dl className="grid gap-1">
      {hours.map((h) => (
        <div key={h.days} className="flex flex-wrap justify-between gap-x-4">
          <dt className="font-medium text-slate-900">{h.days}</dt>
          <dd className="text-slate-700">{h.hours}</dd>
        </div>
      ))}
    </dl>
  );
}

function Row({ icon: Icon, title, children }: { icon: typeof Phone; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4">
      <span aria-hidden="true" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-800">
        <Icon className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <div className="mt-1 text-slate-700">{children}</div>
      </div>
    </div>
  );
}

/** The address, phone, e-mail and hours as a vertical list (home contact section). */
export function OfficeDetails({ hours, hoursTitle }: { hours: OpeningHours[]; hoursTitle: string }) {
  const { site } = useShared();
  const [line1, line2] = addressLines(site);
  return (
    <div className="grid gap-6">
      <Row icon={MapPin} title={contactInfoLabels.visit}>
        <address className="not-italic">
          {line1}
          <br />
          {line2}
        </address>
      </Row>
      <Row icon={Phone} title={contactInfoLabels.call}>
        <a href={telHref(site.phone)} className="font-medium text-brand-800 hover:underline">
          {site.phone}
        </a>
      </Row>
      <Row icon={Mail} title={contactInfoLabels.email}>
        <a href={`mailto:${site.emailInfo}`} className="block break-all font-medium text-brand-800 hover:underline">
          {site.emailInfo}
        </a>
        <a href={`mailto:${site.emailSupport}`} className="block break-all font-medium text-brand-800 hover:underline">
          {site.emailSupport}
        </a>
      </Row>
      <Row icon={Clock} title={hoursTitle}>
        <HoursList hours={hours} />
      </Row>
    </div>
  );
}
