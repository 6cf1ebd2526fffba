// Props of the public pages, shared with their controllers (import type only on the server).
import type { RetentionPeriods } from "../../content/privacy.ts";
import type { ServicePage } from "../../content/types.ts";

export interface PublicPageProps {
  /** Copyright year for the footer, computed on the server (no clock read during hydration). */
  year: number;
}

export interface ServicePageProps extends PublicPageProps {
  /**
   * The page's copy from views/content/services.ts, chosen by the controller (unknown slugs answer 404). It travels as
   * a prop so the browser downloads one service's copy, not all of them.
   */
  page: ServicePage;
}

export interface ContactPageProps extends PublicPageProps {
  /** Title of the travel package being booked, already checked against the known packages. */
  packageTitle: string | null;
}

/** /contact after a plain form post: the confirmation, or the refused form with what was typed. */
export interface ContactResultProps extends PublicPageProps {
  sent?: { title: string; description: string };
  error?: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

/** /privacy: the periods the server enforces, from its configuration, for the retention table. */
export interface PrivacyPageProps extends PublicPageProps {
  periods: RetentionPeriods;
}

export interface SuccessStoriesProps extends PublicPageProps {
  /** The visas issued and the success rate from the decisions recorded, with the period they cover; null: the written figures. */
  figures: { visas: string; rate: string; period: string } | null;
}
