// What can be measured of a passport photo without a model (server/domain/photoRules.ts compares it with the
// destination's rules): its format from the bytes, its size as displayed, how light and plain the background is at
// the borders, and how sharp it is. Run by the job worker, never in a web request.
import sharp from "sharp";
import type { PhotoMeasures } from "../domain/photoRules.ts";

/** The grey copy's longer side: measures compare across photos of any size. */
const GREY_SIDE = 400;
/** The border strips' depth, as a share of the side they lie along. */
const STRIP = 0.06;
/** A photo larger than this many pixels is not decoded (a phone's is under 50 million). */
const MAX_PIXELS = 100_000_000;

function meanAndDeviation(values: number[]): { mean: number; deviation: number } {
  const n = values.length || 1;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / n;
  return { mean, deviation: Math.sqrt(variance) };
}

/** The top strip and the left and right ones down to the shoulders (which fill the bottom of the photo). */
function borderPixels(grey: Buffer, w: number, h: number): number[] {
  const dx = Math.max(1, Math.round(w * STRIP));
  const dy = Math.max(1, Math.round(h * STRIP));
  const out: number[] = [];
  for (let y = 0; y < Math.round(h * 0.6); y++) {
    for (let x = 0; x < w; x++) {
      if (y < dy || x < dx || x >= w - dx) out.push(grey[y * w + x]);
    }
  }
  return out;
}

/** Variance of the 4-neighbour Laplacian over the centre (the middle 60 % each way, where the face is). */
function laplacianVariance(grey: Buffer, w: number, h: number): number {
  const x0 = Math.max(1, Math.floor(w * 0.2));
  const x1 = Math.min(w - 1, Math.ceil(w * 0.8));
  const y0 = Math.max(1, Math.floor(h * 0.2));
  const y1 = Math.min(h - 1, Math.ceil(h * 0.8));
  const values: number[] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * w + x;
      values.push(4 * grey[i] - grey[i - 1] - grey[i + 1] - grey[i - w] - grey[i + w]);
    }
  }
  return meanAndDeviation(values).deviation ** 2;
}

/** The photo's measures, or null when its bytes are not an image sharp can decode. */
export async function measurePhoto(file: Buffer): Promise<PhotoMeasures | null> {
  try {
    const meta = await sharp(file, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.width || !meta.height || !meta.format) return null;
    const turned = (meta.orientation ?? 1) >= 5;
    const { data, info } = await sharp(file, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .flatten({ background: "#ffffff" })
      .greyscale()
      .resize({ width: GREY_SIDE, height: GREY_SIDE, fit: "inside", withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const grey = info.channels === 1 ? data : Buffer.from(data.filter((_, i) => i % info.channels === 0));
    const border = meanAndDeviation(borderPixels(grey, info.width, info.height));
    return {
      format: meta.format,
      bytes: file.length,
      width: turned ? meta.height : meta.width,
      height: turned ? meta.width : meta.height,
      borderMean: Math.round(border.mean * 10) / 10,
      borderDeviation: Math.round(border.deviation * 10) / 10,
      sharpness: Math.round(laplacianVariance(grey, info.width, info.height) * 10) / 10,
    };
  } catch {
    return null;
  }
}
