// Head tags of public pages: OpenGraph, the business as schema.org TravelAgency JSON-LD, a service page as a Service.
import { officeHoursSpecification, officeLocation } from "../../views/content/contact.ts";
import type { Config } from "../config.ts";
import { escapeHtml, serializeForHtml } from "./serialize.ts";

/** The brand colour (client/styles.css brand-800): the browser's chrome and the web app manifest. */
export const THEME_COLOR = "#1e3a8a";

export interface SeoInput {
  /** Page title without the brand suffix (og:site_name carries the brand). */
  title: string;
  description: string;
  /** Request path, for og:url. */
  path: string;
  /** Adds the TravelAgency JSON-LD block (home and contact pages). */
  business?: boolean;
  /** Adds a schema.org Service block (pages under /services/), e.g. { name: "Germany Immigration", category: "Immigration" }. */
  service?: { name: string; category: string };
}

/** A service page as schema.org Service, offered by the business to people in Nigeria. */
export function serviceJsonLd(config: Config, input: SeoInput & { service: NonNullable<SeoInput["service"]> }): Record<string, unknown> {
  const { publicUrl, site } = config;
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: input.service.name,
    serviceType: input.service.category,
    description: input.description,
    ...(publicUrl ? { url: publicUrl + input.path } : {}),
    provider: { "@type": "TravelAgency", name: site.name, ...(publicUrl ? { "@id": `${publicUrl}/#business` } : {}) },
    areaServed: { "@type": "Country", name: "Nigeria" },
  };
}

export function travelAgencyJsonLd(config: Config): Record<string, unknown> {
  const { site, publicUrl } = config;
  const sameAs = Object.values(site.social).filter((url): url is string => Boolean(url));
  return {
    "@context": "https://schema.org",
    "@type": "TravelAgency",
    name: site.name,
    ...(publicUrl ? { url: `${publicUrl}/`, "@id": `${publicUrl}/#business` } : {}),
    telephone: site.phone,
    email: site.emailInfo,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      addressCountry: site.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: officeLocation.latitude, longitude: officeLocation.longitude },
    openingHoursSpecification: officeHoursSpecification.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: h.days,
      opens: h.opens,
      closes: h.closes,
    })),
    areaServed: { "@type": "Country", name: "Nigeria" },
    ...(sameAs.length ? { sameAs } : {}),
  };
}

export function seoHead(config: Config, input: SeoInput): string {
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  const tags = [
    meta("og:title", input.title),
    meta("og:description", input.description),
    meta("og:type", "website"),
    meta("og:site_name", config.site.name),
    meta("og:locale", "en_NG"),
    config.publicUrl ? meta("og:url", config.publicUrl + input.path) : "",
    '<meta name="twitter:card" content="summary">',
    input.business ? `<script type="application/ld+json">${serializeForHtml(travelAgencyJsonLd(config))}</script>` : "",
    input.service
      ? `<script type="application/ld+json">${serializeForHtml(serviceJsonLd(config, { ...input, service: input.service }))}</script>`
      : "",
  ];
  return tags.filter(Boolean).join("\n");
}
