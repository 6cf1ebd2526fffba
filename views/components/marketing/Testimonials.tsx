// Testimonial cards: initials avatar, name, location, service, five stars and the quote.
import type { Testimonial } from "../../content/types.ts";
import { Stars } from "./Rating.tsx";

export function TestimonialCard({ testimonial: t }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <Stars rating={t.rating} />
      <blockquote className="mt-4 flex-1 text-slate-700">
        <p>“{t.text}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-brand-700 to-brand-900 font-semibold text-white"
        >
          {t.initials}
        </span>
        <span className="min-w-0">
          <span className="block font-semibold text-slate-900">{t.name}</span>
          <span className="block text-sm text-slate-700">
            {t.location} · <span className="font-medium text-brand-800">{t.service}</span>
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

export function TestimonialGrid({ testimonials }: { testimonials: Testimonial[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {testimonials.map((t) => (
        <li key={t.name}>
          <TestimonialCard testimonial={t} />
        </li>
      ))}
    </ul>
  );
}
