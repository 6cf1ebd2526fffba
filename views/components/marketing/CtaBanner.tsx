// A closing call to action: heading, one line and a button-styled link.

import { Link } from "react-router-dom";
import { buttonClass } from "../ui/button.ts";
import { ArrowRight } from "../ui/icons.ts";

export interface CtaBannerProps {
  title: string;
  text: string;
  button: string;
  to: string;
}

export function CtaBanner({ title, text, button, to }: CtaBannerProps) {
  return (
    <section aria-labelledby="cta-heading" className="render-when-near px-4 py-16 sm:px-6 lg:px-8">
      <div className="on-dark relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-linear-to-r from-brand-800 to-brand-700 px-6 py-12 text-center text-white shadow-xl sm:px-12">
        <div aria-hidden="true" className="hero-glow absolute inset-0" />
        <div className="relative">
          <h2 id="cta-heading" className="text-2xl font-bold sm:text-3xl">
            {title}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-blue-100">{text}</p>
          <Link to={to} className={`${buttonClass("accent", "lg")} mt-8`}>
            {button}
            <ArrowRight aria-hidden="true" className="h-5 w-5" />
          </Link>
        </div>
      </div>
    </section>
  );
}
