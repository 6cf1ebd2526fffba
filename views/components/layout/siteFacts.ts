// Formatting of the office facts from the site configuration (address lines, tel: and wa.me links).
import type { SiteInfo } from "../../types.ts";

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function addressLines(site: SiteInfo): [string, string] {
  const { street, locality, region, country } = site.address;
  return [`${street}, ${locality}`, `${region}, ${countryName(country)}`];
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export function whatsappHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}`;
}
