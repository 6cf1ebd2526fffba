// Finds the passport's machine-readable zone in a photo or scan before any OCR: the image is made grey and small, its
// dark strokes (darker than their surroundings, so a dim photo or a dark table around the page does not count) give
// the skew (the angle whose rows gather the strokes into the fewest rows), and the straightened rows' profile gives
// the text lines. The zone is the lowest pair of long lines. Each line is then cut from the full image, straightened,
// scaled to a fixed character height, contrast stretched, sharpened and made black on white (Otsu threshold).
import sharp, { type Sharp } from "sharp";

export interface Grey {
  data: Buffer;
  width: number;
  height: number;
}

/** A zone line in the straightened full image: rows top..bottom (ink), columns left..right. */
export interface LineBox {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface Zone {
  /** Degrees the image was turned back by. */
  angle: number;
  /** The straightened full image. */
  upright: Grey;
  lines: [LineBox, LineBox];
}

const SMALL = 800;
const LIMIT = { limitInputPixels: 60_000_000 };

const raw = async (s: Sharp): Promise<Grey> => {
  const { data, info } = await s.toColourspace("b-w").raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};
const from = (g: Grey) => sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } });

/** The image grey, turned as its EXIF says. */
export async function greyOf(image: Buffer): Promise<Grey> {
  const g = await raw(sharp(image, LIMIT).rotate());
  if (!g.width || !g.height) throw new Error("image without dimensions");
  return g;
}

/** Stroke pixels: darker than 80 % of the local background (a wide blur), after a light blur against noise. */
async function strokes(g: Grey): Promise<Uint8Array> {
  const soft = await raw(from(g).blur(1));
  const bg = await raw(from(soft).blur(12));
  const mask = new Uint8Array(g.width * g.height);
  for (let i = 0; i < mask.length; i++) mask[i] = soft.data[i] < bg.data[i] * 0.8 ? 1 : 0;
  dropLongRuns(mask, g.width, g.height, Math.round(g.width / 20));
  return mask;
}

/**
 * Clears runs of stroke pixels longer than `limit` across or down: a character's strokes are short, while the edge of
 * the page, of a photo box or of a shadow runs on.
 */
function dropLongRuns(mask: Uint8Array, width: number, height: number, limit: number): void {
  const drop = new Uint8Array(mask.length);
  const scan = (count: number, length: number, at: (line: number, i: number) => number) => {
    for (let line = 0; line < count; line++) {
      let start = -1;
      for (let i = 0; i <= length; i++) {
        const on = i < length && mask[at(line, i)] === 1;
        if (on && start < 0) start = i;
        if (!on && start >= 0) {
          if (i - start > limit) for (let j = start; j < i; j++) drop[at(line, j)] = 1;
          start = -1;
        }
      }
    }
  };
  scan(height, width, (y, x) => y * width + x);
  scan(width, height, (x, y) => y * width + x);
  for (let i = 0; i < mask.length; i++) if (drop[i]) mask[i] = 0;
}

/** The skew in degrees (positive: the text climbs to the right... as sharp's rotate measures it). */
function skewOf(mask: Uint8Array, width: number, height: number): number {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x]) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  const score = (deg: number) => {
    const slope = Math.tan((deg * Math.PI) / 180);
    const shift = Math.ceil(Math.abs(slope) * width) + 1;
    const rows = new Float64Array(height + 2 * shift);
    for (let i = 0; i < xs.length; i++) rows[Math.round(ys[i] + xs[i] * slope) + shift]++;
    let s = 0;
    for (const r of rows) s += r * r;
    return s;
  };
  let best = 0;
  let bestScore = -1;
  for (let deg = -6; deg <= 6; deg += 0.5) {
    const s = score(deg);
    if (s > bestScore) [best, bestScore] = [deg, s];
  }
  const coarse = best;
  for (let deg = coarse - 0.4; deg <= coarse + 0.41; deg += 0.1) {
    const s = score(deg);
    if (s > bestScore) [best, bestScore] = [deg, s];
  }
  return Math.round(best * 100) / 100;
}

interface Band {
  top: number;
  bottom: number;
  left: number;
  right: number;
  ink: number;
  /** Strokes met per pixel along a row: text is dense with them, an edge or a smudge is not. */
  runs: number;
}

/** The text lines of a straightened stroke mask: runs of rows holding strokes, with their horizontal extent. */
function bands(mask: Uint8Array, width: number, height: number): Band[] {
  const rows = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    let n = 0;
    for (let x = 0; x < width; x++) n += mask[y * width + x];
    rows[y] = n;
  }
  const peak = Math.max(...rows);
  const out: Band[] = [];
  let y = 0;
  while (y < height) {
    if (rows[y] <= peak * 0.08) {
      y++;
      continue;
    }
    const top = y;
    let ink = 0;
    while (y < height && rows[y] > peak * 0.08) ink += rows[y++];
    const bottom = y - 1;
    // The columns holding most of the band's strokes: the line's extent, specks beyond it left out.
    const cols = new Float64Array(width);
    for (let r = top; r <= bottom; r++) for (let x = 0; x < width; x++) cols[x] += mask[r * width + x];
    let left = 0;
    let right = width - 1;
    for (let acc = cols[left]; left < width - 1 && acc < ink * 0.01; acc += cols[left]) left++;
    for (let acc = cols[right]; right > 0 && acc < ink * 0.01; acc += cols[right]) right--;
    let runs = 0;
    for (let r = top; r <= bottom; r++) for (let x = left + 1; x <= right; x++) runs += mask[r * width + x] > mask[r * width + x - 1] ? 1 : 0;
    out.push({ top, bottom, left, right, ink, runs: runs / (bottom - top + 1) / Math.max(1, right - left) });
  }
  return out;
}

/** The zone's two lines among the bands: the lowest pair of long, like-sized lines one above the other. */
function zoneLines(found: Band[], width: number): [Band, Band] | null {
  const long = found.filter((b) => b.right - b.left > width * 0.35 && b.bottom - b.top >= 3 && b.runs > 0.035);
  for (let i = long.length - 1; i > 0; i--) {
    const [a, b] = [long[i - 1], long[i]];
    const ha = a.bottom - a.top + 1;
    const hb = b.bottom - b.top + 1;
    const gap = b.top - a.bottom;
    const widthA = a.right - a.left;
    const widthB = b.right - b.left;
    if (ha / hb > 1.6 || hb / ha > 1.6) continue;
    if (gap > 2.5 * Math.max(ha, hb) || Math.abs(widthA - widthB) > 0.25 * Math.max(widthA, widthB)) continue;
    return [a, b];
  }
  return null;
}

/** Locates the zone: null when the image shows no pair of long lines at its foot. `turn` adds to the skew found. */
export async function locateZone(g: Grey, turn = 0): Promise<Zone | null> {
  const scale = Math.min(1, SMALL / g.width);
  const small = scale < 1 ? await raw(from(g).resize({ width: SMALL })) : g;
  const angle = skewOf(await strokes(small), small.width, small.height) + turn;
  const upright = angle ? await raw(from(g).rotate(angle, { background: "#ffffff" })) : g;
  const uprightSmall = scale < 1 ? await raw(from(upright).resize({ width: Math.round(upright.width * scale) })) : upright;
  const mask = await strokes(uprightSmall);
  const pair = zoneLines(bands(mask, uprightSmall.width, uprightSmall.height), uprightSmall.width);
  if (!pair) return null;
  const k = upright.width / uprightSmall.width;
  // Both lines start and end at the same columns: the tighter extent leaves out specks beside one of them.
  const left = Math.max(pair[0].left, pair[1].left);
  const right = Math.min(pair[0].right, pair[1].right);
  const box = (b: Band): LineBox => ({
    top: Math.floor(b.top * k),
    bottom: Math.ceil((b.bottom + 1) * k),
    left: Math.floor(left * k),
    right: Math.ceil((right + 1) * k),
  });
  return { angle, upright, lines: [box(pair[0]), box(pair[1])] };
}

/** Otsu's threshold of a grey buffer. */
export function otsu(data: Uint8Array): number {
  const hist = new Float64Array(256);
  for (const v of data) hist[v]++;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let bestVar = -1;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (!wB) continue;
    const wF = data.length - wB;
    if (!wF) break;
    sumB += t * hist[t];
    const between = wB * wF * (sumB / wB - (sum - sumB) / wF) ** 2;
    if (between > bestVar) [best, bestVar] = [t, between];
  }
  return best;
}

export interface CropOptions {
  /** Character (ink band) height in pixels after scaling. */
  height: number;
  /** Added to Otsu's threshold; null leaves the crop grey. */
  threshold: number | null;
  /** The share of the line kept, from its start (the zone's characters are evenly spaced); all of it when absent. */
  share?: number;
}

/** One zone line cut from the straightened image, scaled, cleaned and made black on white, as a PNG with a margin. */
export async function lineImage(zone: Zone, line: LineBox, opts: CropOptions): Promise<Buffer> {
  const { upright } = zone;
  const h = line.bottom - line.top;
  const top = Math.max(0, line.top - Math.round(h * 0.35));
  const bottom = Math.min(upright.height, line.bottom + Math.round(h * 0.35));
  const left = Math.max(0, line.left - Math.round(h * 0.6));
  const end = opts.share ? line.left + Math.round((line.right - line.left) * opts.share) : line.right;
  const right = Math.min(upright.width, end + Math.round(h * 0.6));
  const k = opts.height / h;
  const cut = await raw(
    from(upright)
      .extract({ left, top, width: right - left, height: bottom - top })
      .resize({ width: Math.round((right - left) * k), kernel: "lanczos3" })
      .normalise()
      .sharpen({ sigma: 1 }),
  );
  let out = from(cut);
  if (opts.threshold !== null) out = out.threshold(Math.min(250, Math.max(5, otsu(cut.data) + opts.threshold)));
  return out.extend({ top: 20, bottom: 20, left: 20, right: 20, background: "#ffffff" }).png().toBuffer();
}
