// Made-up passport portraits for the photo-check tests: a head and shoulders drawn as SVG on a background, with a
// camera's fine grain, rendered by sharp and then spoiled on purpose (blurred, darker background, other sizes).
import sharp from "sharp";

export interface Portrait {
  width: number;
  height: number;
  /** The wall behind: "#f2f2f2" light grey unless said. */
  background?: string;
  /** Gaussian blur's sigma, after drawing (0: sharp). */
  blur?: number;
  format?: "jpeg" | "png";
  /** JPEG quality (90 unless said). */
  quality?: number;
}

function svg(w: number, h: number, background: string): Buffer {
  const cx = w / 2;
  const s = Math.min(w, h * 0.78);
  // Hair strands: fine dark lines across the top of the head, the detail a sharp photo keeps.
  const strands = Array.from({ length: 40 }, (_, i) => {
    const x = cx - s * 0.3 + (i * s * 0.6) / 40;
    return `<line x1="${x}" y1="${h * 0.14}" x2="${x + s * 0.02}" y2="${h * 0.3}" stroke="#3b2a20" stroke-width="${Math.max(1, s / 400)}"/>`;
  }).join("");
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <rect width="100%" height="100%" fill="${background}"/>
  <rect x="${cx - s * 0.45}" y="${h * 0.78}" width="${s * 0.9}" height="${h * 0.3}" rx="${s * 0.2}" fill="#1f3b63"/>
  <ellipse cx="${cx}" cy="${h * 0.42}" rx="${s * 0.3}" ry="${h * 0.3}" fill="#8d5524"/>
  <ellipse cx="${cx}" cy="${h * 0.2}" rx="${s * 0.31}" ry="${h * 0.09}" fill="#1b120c"/>
  ${strands}
  <circle cx="${cx - s * 0.11}" cy="${h * 0.38}" r="${s * 0.03}" fill="#fff"/><circle cx="${cx - s * 0.11}" cy="${h * 0.38}" r="${s * 0.015}" fill="#111"/>
  <circle cx="${cx + s * 0.11}" cy="${h * 0.38}" r="${s * 0.03}" fill="#fff"/><circle cx="${cx + s * 0.11}" cy="${h * 0.38}" r="${s * 0.015}" fill="#111"/>
  <path d="M ${cx - s * 0.08} ${h * 0.56} Q ${cx} ${h * 0.59} ${cx + s * 0.08} ${h * 0.56}" stroke="#4a1c10" stroke-width="${Math.max(2, s / 120)}" fill="none"/>
</svg>`);
}

/** A portrait as the file a phone or studio would give. */
export async function portrait(p: Portrait): Promise<Buffer> {
  const drawn = await sharp(svg(p.width, p.height, p.background ?? "#f2f2f2"))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A camera's grain, a little, over everything.
  const grain = await sharp({
    create: { width: p.width, height: p.height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 6 } },
  })
    .raw()
    .toBuffer();
  const pixels = Buffer.from(drawn.data.map((v, i) => Math.max(0, Math.min(255, v + grain[i] - 128))));
  let image = sharp(pixels, { raw: { width: p.width, height: p.height, channels: 3 } });
  if (p.blur) image = image.blur(p.blur);
  return p.format === "png" ? image.png().toBuffer() : image.jpeg({ quality: p.quality ?? 90 }).toBuffer();
}
