// Reads the passport's zone from a photo or scan on this server: sharp finds the zone's two lines and prepares each
// (locate.ts), tesseract.js reads them one by one restricted to A-Z, 0-9 and "<", with two engines that must agree
// where no check digit guards (agree.ts), and the check digits decide the rest (zone.ts). The traineddata ships in
// @tesseract.js-data/eng; nothing is fetched or cached to disk. The tesseract workers, created on first use and kept
// for the next scans, live in the job worker's process only (the web requests never load them).
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import { confirmedName, lstmSecondLine, namesInOrder, secondAgrees } from "./agree.ts";
import { type CropOptions, greyOf, lineImage, locateZone, type Zone } from "./locate.ts";
import { largestJpeg } from "./pdfImage.ts";
import { checkedSecondLine, firstLines, type PassportZone, readTd3 } from "./zone.ts";

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
  // A zone is dark on light: no second reading of a doubtful line inverted.
  tessedit_do_invert: "0",
};

const NO_DICTIONARIES = Object.fromEntries(
  ["load_system_dawg", "load_freq_dawg", "load_unambig_dawg", "load_punc_dawg", "load_number_dawg", "load_bigram_dawg"].map((k) => [k, "0"]),
);

const WARM_UP = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="60"><rect width="160" height="60" fill="#fff"/><rect x="20" y="15" width="8" height="30"/><rect x="40" y="15" width="8" height="30"/></svg>',
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
        // A first small reading compiles the engine's code paths, so that the first scan's budget goes to reading.
        await w.recognize(await sharp(WARM_UP).png().toBuffer());
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

// The legacy (pattern) engine reads the filler "<" reliably where the LSTM engine takes runs of it for K, L and C; the
// LSTM engine reads OCR-B's W, which the legacy one steadily reads as H or N. Each reads every prepared line.
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
 * at, a larger one, a lighter threshold (noise and smudges stay white), a smaller height. A darker threshold was
 * tried too and dropped: it turned the hard scans' noise into marks and read none that the others did not.
 */
const VARIANTS: CropOptions[] = [
  { height: 32, threshold: 0 },
  { height: 40, threshold: 0 },
  { height: 32, threshold: -20 },
  { height: 26, threshold: 0 },
];

const LINE = 44;

const text = async (w: Worker, image: Buffer) => (await w.recognize(image)).data.text;

/**
 * How much work one scan gets: a scan not read by then is left to the person (a very poor photo would otherwise hold
 * the job queue for tens of seconds and still most likely not read). Counted in the process's CPU time (both engines'
 * threads included), not on the clock, so that a busy server reads as well as an idle one, only later.
 */
const BUDGET_CPU_MS = 3000;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export type ZoneRead = { read: true; zone: PassportZone } | { read: false };

/**
 * Reads the zone of an image (JPEG or PNG); { read: false } unless, within the budget, one engine's reading of the
 * second line passes every check digit and the other engine's agrees with it, and the first line's names and state
 * are read alike by both engines.
 */
export async function readZone(image: Buffer, today = new Date()): Promise<ZoneRead> {
  // The engines load once per process (a few seconds): the budget counts from then.
  const [legacy, lstm] = await Promise.all([zoneReader.get(), letterChecker.get()]);
  const started = cpuMs();
  let located: Zone | null;
  try {
    located = await locateZone(await greyOf(image));
  } catch {
    return { read: false };
  }
  if (!located) return { read: false };
  const zone = located;
  const inTime = () => cpuMs() - started < BUDGET_CPU_MS;
  // The second line holds every check digit: each preparation is read by both engines, and a reading that passes
  // every check digit is kept when the other engine, on this preparation or an earlier one, reads the same fields.
  let second: string | null = null;
  const reads = { legacy: [] as string[], lstm: [] as string[] };
  const agreed = (line: string | null, others: string[]) => (line && others.some((o) => secondAgrees(line, o)) ? line : null);
  for (const variant of VARIANTS) {
    if (!inTime()) break;
    const crop = await lineImage(zone, zone.lines[1], variant);
    // The two engines are two worker threads: they read side by side, the LSTM engine first only the line's first 24
    // characters (all that the agreement compares), the whole line when that does not settle it.
    const head = await lineImage(zone, zone.lines[1], { ...variant, share: 24 / LINE });
    const [byLegacy, byLstmHead] = await Promise.all([text(legacy, crop), text(lstm, head)]);
    reads.legacy.push(byLegacy);
    reads.lstm.push(byLstmHead);
    const fromLegacy = checkedSecondLine(byLegacy, today);
    second = agreed(fromLegacy, reads.lstm);
    if (second || !inTime()) break;
    const byLstm = lstmSecondLine(await text(lstm, crop));
    reads.lstm.push(byLstm);
    second = agreed(fromLegacy, [byLstm]) ?? agreed(checkedSecondLine(byLstm, today), reads.legacy);
    if (second) break;
  }
  if (!second) return { read: false };
  for (const variant of VARIANTS) {
    if (!inTime()) break;
    const crop = await lineImage(zone, zone.lines[0], variant);
    for (const first of firstLines(await text(legacy, crop))) {
      const found = readTd3(first, second, today);
      if (!found) continue;
      // The LSTM engine reads the line up to a few characters past the names' end: that is all it confirms.
      const end = first.indexOf("<<<", 5);
      const share = end < 0 ? 1 : Math.min(1, (end + 9) / LINE);
      const names = share < 1 ? await lineImage(zone, zone.lines[0], { ...variant, share }) : crop;
      const lstmFirst = (await text(lstm, names)).replace(/\s+/g, "");
      // The issuing state, which no check digit guards either, is confirmed with the surname it runs into.
      const stateAndSurname = confirmedName(found.issuingState + found.surname, lstmFirst);
      const givenNames = confirmedName(found.givenNames, lstmFirst);
      const surname = stateAndSurname?.startsWith(found.issuingState) ? stateAndSurname.slice(3) : null;
      if (surname !== null && givenNames !== null && namesInOrder(found.issuingState, surname, givenNames, lstmFirst)) {
        return { read: true, zone: { ...found, surname, givenNames } };
      }
      break;
    }
  }
  return { read: false };
}
