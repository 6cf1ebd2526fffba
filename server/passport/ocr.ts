// Reads the passport's zone from a photo or scan on this server: sharp prepares the bottom of the data page (grey,
// contrast stretched, enlarged), tesseract.js reads it restricted to A-Z, 0-9 and "<". The traineddata ships in
// @tesseract.js-data/eng; nothing is fetched or cached to disk. The tesseract workers, created on first use and kept
// for the next scans, live in the job worker's process only (the web requests never load them).
import { createRequire } from "node:module";
import path from "node:path";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import { type CropOptions, greyOf, lineImage, locateZone, type Zone } from "./locate.ts";
import { largestJpeg } from "./pdfImage.ts";
import { checkedSecondLine, firstLines, type PassportZone, readTd3, TWIN } from "./zone.ts";

const require = createRequire(import.meta.url);
// The "4.0.0" traineddata holds the legacy (pattern) engine's data, which reads the filler "<" reliably where the LSTM
// engine takes runs of it for K, L and C.
const DATA = path.dirname(require.resolve("@tesseract.js-data/eng/package.json"));

const PARAMS = {
  tessedit_char_whitelist: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<",
  // Each line is cut out on its own and read as one line of text.
  tessedit_pageseg_mode: PSM.SINGLE_LINE,
  user_defined_dpi: "300",
  preserve_interword_spaces: "1",
};

const NO_DICTIONARIES = Object.fromEntries(
  ["load_system_dawg", "load_freq_dawg", "load_unambig_dawg", "load_punc_dawg", "load_number_dawg", "load_bigram_dawg"].map((k) => [k, "0"]),
);

/** A tesseract worker made on first use and kept; a failed start is tried again next time. */
function lazyWorker(oem: OEM, dir: string, legacy: boolean) {
  let worker: Promise<Worker> | undefined;
  return {
    get: (): Promise<Worker> => {
      worker ??= (async () => {
        const w = await createWorker(
          "eng",
          oem,
          {
            langPath: path.join(DATA, dir),
            gzip: true,
            cacheMethod: "none",
            legacyCore: legacy,
            legacyLang: legacy,
          },
          // No word lists: a zone holds no words, and they would pull readings towards English.
          NO_DICTIONARIES,
        );
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
 * The ways each located line is prepared, tried in turn until one reads: the character height tesseract reads best
 * at, then a larger one, then a darker and a lighter threshold (thin strokes in a dim photo, smudges in a dark one).
 */
const VARIANTS: CropOptions[] = [
  { height: 32, threshold: 0 },
  { height: 40, threshold: 0 },
  { height: 32, threshold: 20 },
  { height: 32, threshold: -20 },
  { height: 26, threshold: 0 },
];

const text = async (w: Worker, image: Buffer) => (await w.recognize(image)).data.text;

/** Letters the legacy engine reads in place of OCR-B's W. */
const W_LOOKALIKES = "HNMUV";

/**
 * The name words as the LSTM engine reads them too, or null. The legacy engine reads OCR-B's W as H, N, M, U or V,
 * which no check digit catches: a word the LSTM engine does not read is tried with W in those places, and kept only
 * when exactly one such spelling is in the LSTM engine's reading.
 */
function confirmedName(name: string, lstm: string): string | null {
  const confirmed: string[] = [];
  for (const word of name.split(" ").filter(Boolean)) {
    if (lstm.includes(word)) {
      confirmed.push(word);
      continue;
    }
    const spots = [...word].flatMap((c, i) => (W_LOOKALIKES.includes(c) ? [i] : []));
    if (!spots.length || spots.length > 4) return null;
    const found = new Set<string>();
    for (let mask = 1; mask < 1 << spots.length; mask++) {
      const chars = [...word];
      spots.forEach((at, bit) => {
        if (mask & (1 << bit)) chars[at] = "W";
      });
      if (lstm.includes(chars.join(""))) found.add(chars.join(""));
    }
    if (found.size !== 1) return null;
    confirmed.push([...found][0]);
  }
  return confirmed.join(" ");
}

/**
 * Whether the LSTM engine's reading holds the number, or the number with one look-alike the check digit tells apart
 * (O for 0, S for 5...): the two engines then differ in one place only, and the check digit, which the LSTM engine's
 * spelling fails, says which is right.
 */
function numberAgrees(number: string, lstm: string): boolean {
  const read = lstm.replace(/\s+/g, "");
  for (let at = 0; at + number.length <= read.length; at++) {
    let differ = 0;
    for (let i = 0; i < number.length && differ < 2; i++) {
      const a = number[i];
      const b = read[at + i];
      if (a !== b) differ += TWIN[a] === b ? 1 : 2;
    }
    if (differ < 2) return true;
  }
  return false;
}

/**
 * How long one scan is tried: a scan not read by then is left to the person (a very poor photo would otherwise hold
 * the job queue for tens of seconds and still most likely not read).
 */
const BUDGET_MS = 2600;

export type ZoneRead = { read: true; zone: PassportZone } | { read: false };

/**
 * Reads the zone of an image (JPEG or PNG); { read: false } when no preparation gives a second line whose check digits
 * all pass, a first line the LSTM engine confirms, and a number it confirms too.
 */
export async function readZone(image: Buffer, today = new Date()): Promise<ZoneRead> {
  // The engines load once per process (a few seconds): the budget counts from then.
  const [legacy, lstm] = await Promise.all([zoneReader.get(), letterChecker.get()]);
  const started = Date.now();
  let located: Zone | null;
  try {
    located = await locateZone(await greyOf(image));
  } catch {
    return { read: false };
  }
  if (!located) return { read: false };
  const zone = located;
  const inTime = () => Date.now() - started < BUDGET_MS;
  // The second line holds every check digit: read it until one preparation passes them all.
  let second: { line: string; crop: Buffer } | null = null;
  for (const variant of VARIANTS) {
    if (!inTime()) break;
    const crop = await lineImage(zone, zone.lines[1], variant);
    const line = checkedSecondLine(await text(legacy, crop), today);
    if (process.env.ZONE_DEBUG) console.error("2", JSON.stringify(variant), line);
    if (line) {
      second = { line, crop };
      break;
    }
  }
  if (!second) return { read: false };
  // The number's letters are checked by the other engine: a few letter swaps pass its check digit.
  const number = second.line.slice(0, 9).replace(/<+$/, "");
  if (!numberAgrees(number, await text(lstm, second.crop))) return { read: false };
  for (const variant of VARIANTS) {
    if (!inTime()) break;
    const crop = await lineImage(zone, zone.lines[0], variant);
    const raw = await text(legacy, crop);
    if (process.env.ZONE_DEBUG) console.error("1", JSON.stringify(variant), raw.trim());
    for (const first of firstLines(raw)) {
      const found = readTd3(first, second.line, today);
      if (!found) continue;
      const lstmFirst = (await text(lstm, crop)).replace(/\s+/g, "");
      const surname = confirmedName(found.surname, lstmFirst);
      const givenNames = confirmedName(found.givenNames, lstmFirst);
      if (process.env.ZONE_DEBUG) console.error("1 lstm", lstmFirst, surname, givenNames);
      if (surname !== null && givenNames !== null) return { read: true, zone: { ...found, surname, givenNames } };
      break;
    }
  }
  return { read: false };
}
