// Made-up passport data pages for the passport-reading tests and bench: a valid ICAO 9303 TD3 zone with correct check
// digits, drawn in OCR-B (apt package fonts-ocr-b) as an SVG rendered by sharp, then spoiled the way phone photos are.
import sharp from "sharp";

export interface Identity {
  surname: string;
  givenNames: string;
  number: string;
  nationality: string;
  issuingState: string;
  /** YYYY-MM-DD */
  birthDate: string;
  sex: "M" | "F";
  /** YYYY-MM-DD */
  expiryDate: string;
}

const value = (c: string) => (c === "<" ? 0 : /[0-9]/.test(c) ? Number(c) : c.charCodeAt(0) - 55);

/** ICAO 9303 check digit: weights 7, 3, 1 over the characters' values. */
export function checkDigit(s: string): string {
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += value(s[i]) * [7, 3, 1][i % 3];
  return String(sum % 10);
}

const pad = (s: string, n: number) => (s + "<".repeat(n)).slice(0, n);
const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
const nameField = (s: string) => s.toUpperCase().replace(/[^A-Z]+/g, "<");

/** The two 44-character lines of the identity's TD3 zone. */
export function td3Lines(id: Identity): [string, string] {
  const line1 = pad(`P<${id.issuingState}${nameField(id.surname)}<<${nameField(id.givenNames)}`, 44);
  const number = pad(id.number, 9);
  const birth = yymmdd(id.birthDate);
  const expiry = yymmdd(id.expiryDate);
  const personal = "<".repeat(14);
  const parts = `${number}${checkDigit(number)}`;
  const body = `${parts}${id.nationality}${birth}${checkDigit(birth)}${id.sex}${expiry}${checkDigit(expiry)}${personal}${checkDigit(personal)}`;
  const composite = checkDigit(parts + body.slice(13, 20) + body.slice(21, 43));
  return [line1, body + composite];
}

const SURNAMES = ["ADEYEMI", "OKONKWO", "BELLO", "NWOSU", "ADEBAYO", "OKAFOR", "IBRAHIM", "EZE", "OLUWASEUN", "CHUKWU", "DANJUMA", "OYELARAN"];
const GIVEN = ["CHIOMA", "TUNDE", "AMINA GRACE", "EMEKA", "FOLAKE", "IFEOMA", "SEGUN", "HALIMA", "KELECHI JOHN", "BOLA", "ZAINAB", "UCHE"];
const STATES = ["NGA", "NGA", "NGA", "GHA", "GBR", "NGA"];

/** A deterministic made-up identity for index `i`. */
export function identity(i: number): Identity {
  const state = STATES[i % STATES.length];
  const letter = String.fromCharCode(65 + (i % 26));
  const year = 1960 + ((i * 7) % 45);
  const month = String(1 + ((i * 5) % 12)).padStart(2, "0");
  const dayOf = String(1 + ((i * 11) % 28)).padStart(2, "0");
  return {
    surname: SURNAMES[i % SURNAMES.length],
    givenNames: GIVEN[(i * 5) % GIVEN.length],
    number: `${letter}${String(10000000 + ((i * 7919) % 89999999)).slice(0, 8)}`,
    nationality: state,
    issuingState: state,
    birthDate: `${year}-${month}-${dayOf}`,
    sex: i % 2 ? "F" : "M",
    expiryDate: `${2028 + (i % 8)}-${String(1 + ((i * 3) % 12)).padStart(2, "0")}-${String(1 + ((i * 13) % 28)).padStart(2, "0")}`,
  };
}

const xmlText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** A data page as an SVG: a visual zone (photo box, printed fields) and the zone's two lines at its foot. */
function pageSvg(id: Identity, lines: [string, string], width: number): string {
  const h = Math.round(width * 0.7);
  const s = width / 1250;
  const label = (x: number, y: number, text: string, size = 20) =>
    `<text x="${x * s}" y="${y * s}" font-family="DejaVu Sans" font-size="${size * s}" fill="#334">${xmlText(text)}</text>`;
  const mrzSize = 35 * s;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${h}">
<rect width="100%" height="100%" fill="#eef1e8"/>
<rect x="${40 * s}" y="${40 * s}" width="${1170 * s}" height="${70 * s}" fill="#c9d6c0"/>
${label(60, 90, "FEDERAL REPUBLIC · PASSPORT", 34)}
<rect x="${60 * s}" y="${140 * s}" width="${300 * s}" height="${380 * s}" fill="#b8b8b0"/>
${label(400, 170, "Surname / Nom", 16)}${label(400, 200, id.surname, 28)}
${label(400, 250, "Given names / Prénoms", 16)}${label(400, 280, id.givenNames, 28)}
${label(400, 330, "Nationality", 16)}${label(400, 360, id.nationality, 28)}
${label(400, 410, "Date of birth", 16)}${label(400, 440, id.birthDate, 28)}
${label(800, 410, "Sex", 16)}${label(800, 440, id.sex, 28)}
${label(400, 490, "Date of expiry", 16)}${label(400, 520, id.expiryDate, 28)}
${label(800, 170, "Passport No.", 16)}${label(800, 200, id.number, 28)}
<text x="${60 * s}" y="${h - 105 * s}" font-family="OCR B" font-size="${mrzSize}" fill="#111" xml:space="preserve">${xmlText(lines[0])}</text>
<text x="${60 * s}" y="${h - 40 * s}" font-family="OCR B" font-size="${mrzSize}" fill="#111" xml:space="preserve">${xmlText(lines[1])}</text>
</svg>`;
}

export interface Spoil {
  /** Output width in pixels (a phone photo's data page crop). */
  width: number;
  /** Degrees, either way. */
  rotate?: number;
  /** Gaussian sigma. */
  blur?: number;
  /** Multiplier below 1 darkens. */
  brightness?: number;
  jpegQuality?: number;
  /** A keystone-like tilt: the page squeezed towards one side, in 0–0.1. */
  tilt?: number;
  /** Sensor noise amplitude 0–60. */
  noise?: number;
}

function noiseLayer(width: number, height: number, amplitude: number, seed: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let x = seed * 2654435761 || 1;
  for (let i = 0; i < width * height; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const v = 128 + ((x >>> 0) % (2 * amplitude + 1)) - amplitude;
    data[i * 4] = v;
    data[i * 4 + 1] = v;
    data[i * 4 + 2] = v;
    data[i * 4 + 3] = 255;
  }
  return data;
}

/** The data page of `id` as a JPEG (or PNG), spoiled as `spoil` says. */
export async function passportImage(id: Identity, spoil: Spoil, format: "jpeg" | "png" = "jpeg", lines = td3Lines(id)): Promise<Buffer> {
  const width = spoil.width;
  let img = sharp(Buffer.from(pageSvg(id, lines, width)));
  let raw = await img.png().toBuffer();
  if (spoil.tilt) {
    // Squeeze the page in steps along x, each column band shorter: a cheap perspective.
    const meta = await sharp(raw).metadata();
    const h = meta.height ?? 0;
    const bands = 8;
    const bandW = Math.ceil(width / bands);
    const pieces = [];
    for (let b = 0; b < bands; b++) {
      const left = b * bandW;
      const w = Math.min(bandW, width - left);
      const scale = 1 - (spoil.tilt * b) / bands;
      const nh = Math.round(h * scale);
      const piece = await sharp(raw).extract({ left, top: 0, width: w, height: h }).resize(w, nh, { fit: "fill" }).toBuffer();
      pieces.push({ input: piece, left, top: Math.round((h - nh) / 2) });
    }
    raw = await sharp({ create: { width, height: h, channels: 3, background: "#8a8a80" } })
      .composite(pieces)
      .png()
      .toBuffer();
  }
  img = sharp(raw);
  if (spoil.rotate) img = sharp(await img.rotate(spoil.rotate, { background: "#777" }).png().toBuffer());
  if (spoil.blur) img = img.blur(spoil.blur);
  if (spoil.brightness) img = img.modulate({ brightness: spoil.brightness });
  if (spoil.noise) {
    const buf = await img.png().toBuffer();
    const m = await sharp(buf).metadata();
    const w = m.width ?? 0;
    const h = m.height ?? 0;
    img = sharp(buf).composite([{ input: noiseLayer(w, h, spoil.noise, w + h), raw: { width: w, height: h, channels: 4 }, blend: "overlay" }]);
  }
  return format === "png" ? img.png().toBuffer() : img.jpeg({ quality: spoil.jpegQuality ?? 85 }).toBuffer();
}

/**
 * The set's two halves: what a careful phone photo looks like, and a poor one. Another `seed` gives other people and
 * other turns and widths within the same ranges (seed 0 is the set the bench has always drawn).
 */
export function scanSet(count: number, seed = 0): { name: string; hard: boolean; identity: Identity; spoil: Spoil }[] {
  const set = [];
  const widths = [1280, 1600, 2000, 1080];
  for (let i = 0; i < count; i++) {
    const id = identity(i + seed * 37);
    const k = i + seed;
    const sign = (i + (seed % 2)) % 2 ? -1 : 1;
    set.push({
      name: `realistic-${i}`,
      hard: false,
      identity: id,
      spoil: { width: widths[k % widths.length], rotate: sign * (1 + (k % 3) * 0.5), blur: 0.6, brightness: 0.9, jpegQuality: 80, noise: 10 },
    });
    set.push({
      name: `hard-${i}`,
      hard: true,
      identity: identity(i + 1000 + seed * 37),
      spoil: {
        width: [1000, 1200, 1400][k % 3],
        rotate: sign * (2.5 + (k % 4) * 0.5),
        blur: 1.2,
        brightness: 0.6,
        jpegQuality: 45,
        tilt: 0.04,
        noise: 25,
      },
    });
  }
  return set;
}
