// The banner that opens an inner page: eyebrow, the page's one h1, an introduction and optional chips.

import type { ReactNode } from "react";
import { Globe } from "../ui/icons.ts";

export interface PageHeroProps {
  eyebrow: string;
  title: string;
  intro?: string | string[];
  children?: ReactNode;
}

export function PageHero({ eyebrow, title, intro, children }: PageHeroProps) {
  const paragraphs = intro === undefined ? [] : Array.isArray(intro) ? intro : [intro];
  return (
    <section className="on-dark relative overflow-hidden bg-linear-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div aria-hidden="true" className="hero-glow absolute inset-0" />
      <Globe
        aria-hidden="true"
        strokeWidth={0.75}
        className="absolute top-1/2 right-8 hidden h-80 w-80 -translate-y-1/2 text-white/10 lg:block xl:right-24"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <p className="inline-flex rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-amber-300 ring-1 ring-white/20">{eyebrow}</p>
        <h1 className="mt-4 max-w-4xl text-3xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {paragraphs.map((p) => (
          <p key={p.slice(0, 40)} className="mt-4 max-w-3xl text-lg text-blue-100">
            {p}
          </p>
        ))}
        {children}
      </div>
    </section>
  );
}
