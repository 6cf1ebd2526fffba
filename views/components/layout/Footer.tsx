// Site footer: quick links, services, office contact details, configured social links and the copyright year.

import { Link } from "react-router-dom";
import { footerCopy } from "../../content/layout.ts";
import { footerQuickLinks, footerServices } from "../../content/navigation.ts";
import type { NavLink } from "../../content/types.ts";
import { useShared } from "../../shared.tsx";
import { Mail, MapPin, Phone } from "../ui/icons.ts";
import { SocialLinks } from "./SocialIcons.tsx";
import { addressLines, telHref } from "./siteFacts.ts";

function LinkList({ links }: { links: NavLink[] }) {
  return (
    <ul className="mt-4 space-y-2">
      {links.map((link) => (
        <li key={link.label}>
          <Link to={link.href} className="hover:text-amber-300 hover:underline">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

const heading = "text-sm font-semibold uppercase tracking-wider text-white";

/** `year` is computed on the server so the server HTML and the hydrated page agree. */
export function Footer({ year }: { year: number }) {
  const { site } = useShared();
  const [line1, line2] = addressLines(site);
  return (
    <footer className="on-dark render-when-near bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 pt-14 pb-10 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="col-span-2 space-y-6 lg:col-span-1">
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="text-sm leading-relaxed">{footerCopy.blurb}</p>
          <SocialLinks social={site.social} />
        </div>
        <nav aria-label={footerCopy.navLabel}>
          <h2 className={heading}>{footerCopy.quickLinksHeading}</h2>
          <LinkList links={footerQuickLinks} />
        </nav>
        <div>
          <h2 className={heading}>{footerCopy.servicesHeading}</h2>
          <LinkList links={footerServices} />
        </div>
        <div className="col-span-2 lg:col-span-1">
          <h2 className={heading}>{footerCopy.contactHeading}</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-300" />
              <address className="not-italic">
                {line1}
                <br />
                {line2}
              </address>
            </li>
            <li className="flex gap-3">
              <Phone aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-300" />
              <a href={telHref(site.phone)} className="hover:text-amber-300 hover:underline">
                {site.phone}
              </a>
            </li>
            <li className="flex gap-3">
              <Mail aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-300" />
              <span className="flex min-w-0 flex-col gap-1">
                <a href={`mailto:${site.emailInfo}`} className="break-all hover:text-amber-300 hover:underline">
                  {site.emailInfo}
                </a>
                <a href={`mailto:${site.emailSupport}`} className="break-all hover:text-amber-300 hover:underline">
                  {site.emailSupport}
                </a>
              </span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm sm:px-6 lg:px-8">
          © {year} {site.name}. {footerCopy.rights}
        </p>
      </div>
    </footer>
  );
}
