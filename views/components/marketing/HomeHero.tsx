// The home page hero (SPEC §1): badge, headline, subtext, the two buttons and the 500+ claim.

import { hero } from "../../content/home.ts";
import { buttonClass } from "../ui/button.ts";
import { ArrowRight, CheckCircle2, Globe, Plane } from "../ui/icons.ts";

/** Purely decorative: a globe with an orbiting plane drawn with icons and CSS gradients (no photos). */
function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden aspect-square w-full max-w-md lg:block">
      <div className="absolute inset-6 rounded-full bg-linear-to-br from-brand-600/60 to-brand-900/40 ring-1 ring-white/20" />
      <div className="absolute inset-20 rounded-full bg-linear-to-br from-sky-400/40 to-brand-700/30 ring-1 ring-white/20" />
      <div className="hero-orbit absolute inset-0 rounded-full border-2 border-dashed border-white/25">
        <span className="absolute top-6 left-1/2 flex h-14 w-14 -translate-x-1/2 items-center justify-center rounded-full bg-accent-500 text-slate-900 shadow-lg">
          <Plane className="h-7 w-7 rotate-45" />
        </span>
      </div>
      <Globe className="absolute inset-0 m-auto h-40 w-40 text-white/90" strokeWidth={1} />
    </div>
  );
}

export function HomeHero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="on-dark relative overflow-hidden bg-linear-to-br from-brand-900 via-brand-800 to-brand-700 text-white"
    >
      <div aria-hidden="true" className="hero-glow absolute inset-0" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-1.5 text-sm font-semibold text-amber-300 ring-1 ring-white/20">
            <Plane aria-hidden="true" className="h-4 w-4" />
            {hero.badge}
          </p>
          <h1 id="hero-heading" className="mt-6 text-[2rem] leading-tight font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            {hero.headline}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-blue-100">{hero.subtext}</p>
          <div className="mt-8 flex flex-col items-start gap-3 sm:flex-row">
            <a href="#contact" className={buttonClass("accent", "lg")}>
              {hero.primaryCta}
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </a>
            <a href="#services" className={buttonClass("outlineLight", "lg")}>
              {hero.secondaryCta}
            </a>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-blue-100">
            {[hero.claim, ...hero.highlights].map((item) => (
              <li key={item} className="inline-flex items-center gap-2">
                <CheckCircle2 aria-hidden="true" className="h-5 w-5 text-amber-300" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}
