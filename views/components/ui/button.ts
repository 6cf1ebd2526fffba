// Class names for link-buttons, so anchors and buttons share one look and keep visible focus styles.
export type ButtonVariant = "primary" | "accent" | "outline" | "outlineLight" | "ghostLight";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-800 text-white hover:bg-brand-900 focus-visible:outline-brand-600",
  accent: "bg-accent-500 text-slate-900 hover:bg-amber-400 focus-visible:outline-amber-300",
  outline: "border-2 border-brand-800 bg-white text-brand-800 hover:bg-brand-50 focus-visible:outline-brand-600",
  outlineLight: "border-2 border-white/80 text-white hover:bg-white/10 focus-visible:outline-amber-300",
  ghostLight: "text-white hover:bg-white/10 focus-visible:outline-amber-300",
};

const sizes = { sm: "px-3 py-1.5 text-sm", md: "px-5 py-2.5 text-sm", lg: "px-6 py-3 text-base" } as const;

export function buttonClass(variant: ButtonVariant = "primary", size: keyof typeof sizes = "md"): string {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}

/** The page-width container used by every section. */
export const container = "mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8";
