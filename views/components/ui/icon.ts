// The <svg> attributes of an icon, exactly as lucide-react renders them (same names, values and order), so the icons
// in ./icons/ print lucide's markup without its runtime. test/unit/icons.test.ts compares the two for every icon.
import type { ReactElement, SVGProps } from "react";

/** What a view may give an icon: SVG attributes. lucide's own props (`size`, `color`, `absoluteStrokeWidth`) are not
 * offered; `strokeWidth`, `width` and `height` replace the defaults as they do in lucide. */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "color" | "children" | "ref">;
export type Icon = (props: IconProps) => ReactElement;

/** Whether the caller named the icon for assistive technology: then lucide leaves out its aria-hidden. */
const names = (key: string) => key.startsWith("aria-") || key === "role" || key === "title";

/** `iconClasses` is the icon's own class names (`lucide-plane`); the caller's `className` follows, repeats dropped.
 * A width, height or stroke width given as undefined keeps lucide's default; any other attribute so given is left out,
 * aria-hidden too (as lucide does). */
export function svgAttributes(iconClasses: string, { className, width, height, strokeWidth, ...rest }: IconProps): SVGProps<SVGSVGElement> {
  return {
    xmlns: "http://www.w3.org/2000/svg",
    width: width ?? 24,
    height: height ?? 24,
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: strokeWidth ?? 2,
    strokeLinecap: "round",
    strokeLinejoin: "round",
    className: [...new Set(`lucide ${iconClasses} ${className ?? ""}`.split(/\s+/).filter(Boolean))].join(" "),
    ...(Object.entries(rest).some(([key, value]) => names(key) && value != null) ? {} : { "aria-hidden": "true" }),
    ...rest,
  };
}
