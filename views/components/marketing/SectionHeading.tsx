// The eyebrow, h2 and subtitle that open a page section.
export interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  align?: "center" | "left";
  /** On a dark (brand) background. */
  light?: boolean;
}

export function SectionHeading({ id, eyebrow, title, subtitle, align = "center", light = false }: SectionHeadingProps) {
  const alignment = align === "center" ? "mx-auto text-center" : "";
  return (
    <div className={`max-w-3xl ${alignment}`}>
      {eyebrow ? <p className={`text-sm font-semibold uppercase tracking-wider ${light ? "text-amber-300" : "text-brand-700"}`}>{eyebrow}</p> : null}
      <h2 id={id} className={`mt-2 text-3xl font-bold tracking-tight sm:text-4xl ${light ? "text-white" : "text-slate-900"}`}>
        {title}
      </h2>
      {subtitle ? <p className={`mt-4 text-lg ${light ? "text-blue-100" : "text-slate-700"}`}>{subtitle}</p> : null}
    </div>
  );
}
