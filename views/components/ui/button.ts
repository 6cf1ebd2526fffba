// THE button look: class names shared by buttons and link-buttons of every page, with visible focus styles.
export type ButtonVariant = "primary" | "accent" | "outline" | "outlineLight" | "ghostLight" | "secondary" | "destructive" | "ghost";

const base =
  "inline-flex items-center justify-center gap-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-800 text-white hover:bg-brand-900 focus-visible:outline-brand-600 disabled:bg-slate-400",
  accent: "bg-accent-500 text-slate-900 hover:bg-amber-400 focus-visible:outline-amber-300 disabled:opacity-60",
  outline:
    "border-2 border-brand-800 bg-white text-brand-800 hover:bg-brand-50 focus-visible:outline-brand-600 disabled:border-slate-300 disabled:text-slate-500",
  outlineLight: "border-2 border-white/80 text-white hover:bg-white/10 focus-visible:outline-amber-300 disabled:opacity-60",
  ghostLight: "text-white hover:bg-white/10 focus-visible:outline-amber-300 disabled:opacity-60",
  secondary: "bg-slate-100 text-slate-900 hover:bg-slate-200 focus-visible:outline-brand-600 disabled:text-slate-500",
  destructive: "bg-red-700 text-white hover:bg-red-800 focus-visible:outline-brand-600 disabled:bg-slate-400",
  ghost: "text-slate-800 hover:bg-slate-100 focus-visible:outline-brand-600 disabled:text-slate-400",
};

/**
 * Marketing sizes, and "control": the compact button of the portal's and admin panel's forms and tables. A control
 * changes colour at once, without a transition: the ones that act through script turn from grey to their colour when
 * the page hydrates, and a transition there starts on every such button at once, each firing its transition events
 * through React while a slow phone is still starting the page (a 16 ms task on the dashboard in Lighthouse's trace).
 */
const sizes = {
  sm: "rounded-lg px-3 py-1.5 text-sm transition-colors",
  md: "rounded-lg px-5 py-2.5 text-sm transition-colors",
  lg: "rounded-lg px-6 py-3 text-base transition-colors",
  control: "rounded-md px-4 py-2 text-sm",
} as const;
export type ButtonSize = keyof typeof sizes;

export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = ""): string {
  return `${base} ${variants[variant]} ${sizes[size]}${extra ? ` ${extra}` : ""}`;
}

/** The page-width container used by every section. */
export const container = "mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8";
