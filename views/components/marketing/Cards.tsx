// Icon cards in a responsive grid, optionally linking on with a "Learn More" style link.

import { Link } from "react-router-dom";
import type { Card } from "../../content/types.ts";
import { ArrowRight } from "../ui/icons.ts";
import { ContentIcon } from "./ContentIcon.tsx";

export interface IconCardProps {
  card: Card;
  /** Link text when the card has an href; the card title is added for screen readers. */
  linkLabel?: string;
  headingLevel?: "h2" | "h3";
}

export function IconCard({ card, linkLabel, headingLevel: Heading = "h3" }: IconCardProps) {
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
      <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-800">
        <ContentIcon name={card.icon} />
      </div>
      <Heading className="mt-4 text-lg font-semibold text-slate-900">{card.title}</Heading>
      <p className="mt-2 flex-1 text-slate-700">{card.description}</p>
      {card.href && linkLabel ? (
        <Link
          to={card.href}
          className="mt-4 inline-flex items-center gap-1 self-start font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          {linkLabel}
          <span className="sr-only">: {card.title}</span>
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : null}
    </article>
  );
}

/** A whole card is the link (home service tiles, destinations). */
export function LinkCard({ card }: { card: Card }) {
  return (
    <Link
      to={card.href ?? "/"}
      className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-600 hover:shadow-md"
    >
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-800 text-white transition-colors group-hover:bg-accent-500 group-hover:text-slate-900">
        <ContentIcon name={card.icon} />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{card.title}</h3>
      <p className="mt-2 flex-1 text-slate-700">{card.description}</p>
      <ArrowRight aria-hidden="true" className="mt-4 h-5 w-5 text-brand-800 transition-transform group-hover:translate-x-1" />
    </Link>
  );
}

export function CardGrid({ cards, columns = 3, linkLabel }: { cards: Card[]; columns?: 2 | 3 | 4; linkLabel?: string }) {
  const cols = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" }[columns];
  return (
    <ul className={`grid gap-6 ${cols}`}>
      {cards.map((card) => (
        <li key={card.title}>
          <IconCard card={card} linkLabel={linkLabel} />
        </li>
      ))}
    </ul>
  );
}
