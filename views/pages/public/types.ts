// Props of the public pages, shared with their controllers (import type only on the server).
export interface PublicPageProps {
  /** Copyright year for the footer, computed on the server (no clock read during hydration). */
  year: number;
}

export interface ServicePageProps extends PublicPageProps {
  /** A known slug of views/content/services.ts; the controller answers 404 for any other. */
  slug: string;
}

export interface ContactPageProps extends PublicPageProps {
  /** Title of the travel package being booked, already checked against the known packages. */
  packageTitle: string | null;
}
