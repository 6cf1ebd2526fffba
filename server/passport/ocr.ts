// Reads the passport's zone from a photo or scan on this server: sharp prepares the bottom of the data page (grey,
// contrast stretched, enlarged), tesseract.js reads it restricted to A-Z, 0-9 and "<". The traineddata ships in
// @tesseract.js-data/eng; nothing is fetched or cached to disk. The tesseract workers, created on first use and kept
// for the next scans, live in the job worker's process only (the web requests never load them).
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import { largestJpeg } from "./pdfImage.ts";
import { type PassportZone, sameZone, zoneFromText } from "./zone.ts";

const require = createRequire(import.meta.url);
// The "4.0.0" traineddata holds the legacy (pattern) engine's data, which reads the filler "<" reliably where the LSTM
// engine takes runs of it for K, L and C.
const DATA = path.dirname(require.resolve("@tesseract.js-data/eng/package.json"));

const PARAMS = {
  tessedit_char_whitelist: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<",
  tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
  user_defined_dpi: "300",
};

/** A tesseract worker made on first use and kept; a failed start is tried again next time. */
function lazyWorker(oem: OEM, dir: string, legacy: boolean) {
  let worker: Promise<Worker> | undefined;
  return {
    get: (): Promise<Worker> => {
      worker ??= (async () => {
        const w = await createWorker("eng", oem, {
          langPath: path.join(DATA, dir),
          gzip: true,
          cacheMethod: "none",
          legacyCore: legacy,
          legacyLang: legacy,
        });
        await w.setParameters(PARAMS as never);
        return w;
      })().catch((err) => {
        worker = undefined;
        throw err;
      });
      return worker;
    },
    stop: async () => {
      const w = worker;
      worker = undefined;
      if (w) await (await w).terminate();
    },
    loaded: () => worker !== undefined,
  };
}

// The legacy (pattern) engine reads the zone: it reads the filler "<" reliably where the LSTM engine takes runs of it
// for K, L and C. The LSTM engine checks the letters of the names and the number: the legacy one steadily reads the
// OCR-B W as H or N, which no check digit catches.
const zoneReader = lazyWorker(OEM.TESSERACT_ONLY, "4.0.0", true);
const letterChecker = lazyWorker(OEM.LSTM_ONLY, "4.0.0_best_int", false);

/** Ends the tesseract workers (the job worker's stop). */
export async function stopOcr(): Promise<void> {
  await Promise.all([zoneReader.stop(), letterChecker.stop()]);
}

/** Whether the OCR is loaded (for the bench's memory figure and tests). */
export const ocrLoaded = () => zoneReader.loaded();

/** The image to read: the file itself, or for a PDF its largest embedded JPEG; null when there is none. */
export function imageOf(file: Buffer, mime: string): Buffer | null {
  if (mime === "application/pdf") return largestJpeg(file);
  return file;
}

/**
 * Crops of the bottom of the page to try in turn (the zone is in the last quarter of a TD3 data page), each read at
 * several widths. The names carry no check digit and check digits miss some letter swaps (Q for G in the first place
 * of the number), so a zone counts only when two readings give every field the same.
 */
const ATTEMPTS = [0.72, 0.6];
const WIDTHS = [1600, 1250, 1900];

/**
 * The skew of the text in a grey crop, in degrees: the angle whose slanted rows make the darkest pixels fall into the
 * fewest rows (the zone's two lines give the sharpest row profile when followed along their slope).
 */
function skewOf(pixels: Buffer, width: number, height: number): number {
  let sum = 0;
  for (const p of pixels) sum += p;
  const dark = (sum / pixels.length) * 0.6;
  let best = 0;
  let bestScore = -1;
  for (let deg = -5; deg <= 5; deg += 0.25) {
    const slope = Math.tan((deg * Math.PI) / 180);
    const rows = new Float64Array(height + width);
    const shift = Math.ceil(Math.abs(slope) * width);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (pixels[y * width + x] < dark) rows[Math.round(y - x * slope) + shift]++;
      }
    }
    let score = 0;
    for (let r = 1; r < rows.length; r++) score += (rows[r] - rows[r - 1]) ** 2;
    if (score > bestScore) {
      bestScore = score;
      best = deg;
    }
  }
  return best;
}

/** The bottom of the page from `top` (a share of its height), grey, straightened, `scaleTo` wide, contrast stretched. */
export async function prepare(image: Buffer, top: number, scaleTo: number): Promise<Buffer> {
  const upright = await sharp(image, { limitInputPixels: 60_000_000 }).rotate().toColourspace("b-w").raw().toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  if (!width || !height) throw new Error("image without dimensions");
  const y = Math.floor(height * top);
  const crop = await sharp(upright.data, { raw: upright.info })
    .extract({ left: 0, top: y, width, height: height - y })
    .resize({ width: scaleTo })
    .normalise()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const small = await sharp(crop.data, { raw: crop.info }).resize({ width: 500 }).raw().toBuffer({ resolveWithObject: true });
  const skew = skewOf(small.data, small.info.width, small.info.height);
  let out = sharp(crop.data, { raw: crop.info });
  if (skew !== 0) out = out.rotate(-skew, { background: "#ffffff" });
  return out.png().toBuffer();
}

/**
 * Whether the LSTM engine reads each name and the number in the prepared crop too. Each word is looked for on its own:
 * that engine garbles the "<" between them.
 */
async function lettersAgree(zone: PassportZone, prepared: Buffer): Promise<boolean> {
  const text = (await (await letterChecker.get()).recognize(prepared)).data.text.replace(/[ \t]+/g, "");
  const words = [...zone.surname.split(" "), ...zone.givenNames.split(" ").filter(Boolean), zone.number];
  return words.every((w) => text.includes(w));
}

export type ZoneRead = { read: true; zone: PassportZone } | { read: false };

/** Reads the zone of an image (JPEG or PNG); { read: false } when no crop gives a zone whose check digits all pass. */
export async function readZone(image: Buffer, today = new Date()): Promise<ZoneRead> {
  const w = await zoneReader.get();
  for (const top of ATTEMPTS) {
    const zones: PassportZone[] = [];
    for (const scaleTo of WIDTHS) {
      let prepared: Buffer;
      try {
        prepared = await prepare(image, top, scaleTo);
      } catch {
        return { read: false };
      }
      const zone = zoneFromText((await w.recognize(prepared)).data.text, today);
      if (!zone) continue;
      if (zones.some((z) => sameZone(z, zone))) {
        if (await lettersAgree(zone, prepared)) return { read: true, zone };
      }
      zones.push(zone);
    }
  }
  return { read: false };
}
