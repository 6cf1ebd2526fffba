// Services listing (SPEC §2.5): six cards with "Learn More" links and a closing "Book a Consultation" button.
import { SiteLayout } from "../../components/layout/SiteLayout.tsx";
import { CardGrid } from "../../components/marketing/Cards.tsx";
import { CtaBanner } from "../../components/marketing/CtaBanner.tsx";
import { PageHero } from "../../components/marketing/PageHero.tsx";
import { container } from "../../components/ui/button.ts";
import { ourServicesIntro as copy, ourServicesCards } from "../../content/ourServices.ts";
import type { PublicPageProps } from "./types.ts";

export default function OurServices({ year }: PublicPageProps) {
  return (
    <SiteLayout year={year}>
      <PageHero eyebrow={copy.eyebrow} title={copy.title} intro={copy.subtitle} />
      <section aria-label={copy.title} className="py-16 sm:py-20">
        <div className={container}>
          <CardGrid cards={ourServicesCards} linkLabel={copy.learnMore} />
        </div>
      </section>
      <CtaBanner title={copy.ctaTitle} text={copy.ctaText} button={copy.ctaButton} to="/book" />
    </SiteLayout>
  );
}
