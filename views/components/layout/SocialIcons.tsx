// Social profile links, each shown only when its URL is configured (SOCIAL_* settings).
import type { ReactNode, SVGProps } from "react";
import { footerCopy } from "../../content/layout.ts";
import type { SiteInfo } from "../../types.ts";

type Network = keyof SiteInfo["social"];

// Outline brand marks drawn in the lucide style (lucide-react no longer ships brand icons).
const PATHS: Record<Network, ReactNode> = {
  facebook: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
  instagram: (
    <>
      <rect width="20" height="20" x="2" y="2" rx="5" ry="5" />
      <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
      <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
    </>
  ),
  twitter: (
    <path d="M22 4s-.7 2.1-2 3.4c1.6 10-9.4 17.3-18 11.6 2.2.1 4.4-.6 6-2C3 15.5.5 9.6 3 5c2.2 2.6 5.6 4.1 9 4-.9-4.2 4-6.6 7-3.8 1.1 0 3-1.2 3-1.2z" />
  ),
  linkedin: (
    <>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-2-2 2 2 0 0 0-2 2v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect width="4" height="12" x="2" y="9" />
      <circle cx="4" cy="4" r="2" />
    </>
  ),
};

function BrandIcon({ network, ...rest }: { network: Network } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...rest}
    >
      {PATHS[network]}
    </svg>
  );
}

const ORDER: Network[] = ["facebook", "instagram", "twitter", "linkedin"];

export function SocialLinks({ social }: { social: SiteInfo["social"] }) {
  const configured = ORDER.filter((n) => social[n]);
  if (configured.length === 0) return null;
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{footerCopy.socialHeading}</h2>
      <ul className="mt-4 flex gap-3">
        {configured.map((n) => (
          <li key={n}>
            <a
              href={social[n]}
              target="_blank"
              rel="noopener noreferrer"
              className="flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-accent-500 hover:text-slate-900"
            >
              <BrandIcon network={n} className="h-5 w-5" />
              <span className="sr-only">{footerCopy.socialLabels[n]}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
