// A bar chart drawn as SVG on the server (no script): one image with its title and description for assistive
// technology; the numbers themselves are in the table the page puts beside it.
import type { BarChartData } from "../../pages/admin/types.ts";

const WIDTH = 640;
const HEIGHT = 240;
const LEFT = 84;
const RIGHT = 8;
const TOP = 14;
const BOTTOM = 34;
/** Each series' colour, in order; both keep 3:1 against white. */
const FILLS = ["fill-brand-700", "fill-teal-600"];
const SWATCHES = ["bg-brand-700", "bg-teal-600"];

export function BarChart({ chart }: { chart: BarChartData }) {
  const { id, title, description, series, points, top, topLabel } = chart;
  const plot = { width: WIDTH - LEFT - RIGHT, height: HEIGHT - TOP - BOTTOM };
  const group = plot.width / points.length;
  const bar = (group * 0.72) / series.length;
  const y = (v: number) => TOP + plot.height - (Math.max(0, v) / top) * plot.height;
  // On a phone the image is about half its drawn size: larger labels, every third one.
  const label = "fill-slate-700 text-[11px] max-sm:text-[24px]";
  return (
    <div>
      <svg role="img" aria-labelledby={`${id}-title ${id}-desc`} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" data-chart={id}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {[0, 0.5, 1].map((f) => (
          <line key={f} x1={LEFT} x2={WIDTH - RIGHT} y1={y(top * f)} y2={y(top * f)} className="stroke-slate-300" strokeWidth={1} />
        ))}
        <text x={LEFT - 6} y={y(top)} dy="0.35em" textAnchor="end" className={label}>
          {topLabel}
        </text>
        <text x={LEFT - 6} y={y(0)} dy="0.35em" textAnchor="end" className={label}>
          0
        </text>
        {points.map((p, i) => (
          <g key={p.key}>
            {p.values.map((v, s) => (
              <rect
                key={series[s]}
                x={LEFT + i * group + group * 0.14 + s * bar}
                width={bar}
                y={y(v)}
                height={y(0) - y(v)}
                className={FILLS[s % FILLS.length]}
              />
            ))}
            <text
              x={LEFT + (i + 0.5) * group}
              y={HEIGHT - 10}
              textAnchor="middle"
              className={`${label} ${(points.length - 1 - i) % 3 === 0 ? "" : "max-sm:hidden"}`}
            >
              {p.short}
            </text>
          </g>
        ))}
      </svg>
      {series.length > 1 ? (
        <ul aria-hidden="true" className="mt-2 flex gap-4 text-sm text-slate-700">
          {series.map((name, s) => (
            <li key={name} className="flex items-center gap-2">
              <span className={`inline-block h-3 w-3 rounded-sm ${SWATCHES[s % SWATCHES.length]}`} />
              {name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
