// A passport photo against its destination's rules (views/content/requirements/photos.ts): each failed rule in
// words, with what to do. Warnings only: the upload, the step and submission never depend on them.
import { defaultPhoto, type PhotoRules, photoRulesByDestination } from "../../views/content/requirements/photos.ts";
import { catalogueDestination } from "./requirements.ts";

/** What the job measured of an uploaded photo (server/photos/measure.ts). */
export interface PhotoMeasures {
  /** Found from the file's bytes, not its name: "jpeg", "png", or another decoder's name. */
  format: string;
  bytes: number;
  /** As displayed (after the camera's orientation tag). */
  width: number;
  height: number;
  /** Mean brightness (0 black to 255 white) and its standard deviation on the top strip and the sides above the shoulders. */
  borderMean: number;
  borderDeviation: number;
  /** Variance of the Laplacian of the centre of a grey copy 400 pixels on its longer side: low means blurred. */
  sharpness: number;
}

/** A border strip darker than this on average is not a light background. */
export const LIGHT_BORDER = 160;
/** A border strip varying more than this is not a plain one (a room, a pattern, a shadow). */
export const PLAIN_BORDER = 28;
/** Below this the photo is blurred (calibrated on the tests' generated portraits 400 pixels on the grey copy: sharp ≥ 600, a blur of sigma 2 pixels 156, of 3 pixels 49, of 6 pixels 8). */
export const SHARP_ENOUGH = 60;

// The Schengen states the catalogue has no list of its own for: their consulates ask for the Schengen photo.
const SCHENGEN = [
  "austria",
  "belgium",
  "bulgaria",
  "croatia",
  "czechia",
  "czechrepublic",
  "denmark",
  "estonia",
  "finland",
  "france",
  "greece",
  "hungary",
  "iceland",
  "italy",
  "latvia",
  "liechtenstein",
  "lithuania",
  "luxembourg",
  "malta",
  "netherlands",
  "holland",
  "norway",
  "poland",
  "romania",
  "slovakia",
  "slovenia",
  "spain",
  "sweden",
  "switzerland",
  "schengen",
  "europe",
];
const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");

/** The photo rules for a destination as the wizard stored it; a destination without its own uses the default. */
export function photoRulesFor(destination: string | null | undefined): PhotoRules {
  const name = catalogueDestination(destination);
  if (name && photoRulesByDestination[name]) return photoRulesByDestination[name];
  if (SCHENGEN.includes(squash(destination ?? ""))) return photoRulesByDestination.Germany;
  return defaultPhoto;
}

const FORMAT_NAMES: Record<string, string> = { jpeg: "JPEG", png: "PNG", heif: "HEIC", webp: "WebP", gif: "GIF", tiff: "TIFF" };
const formatName = (f: string) => FORMAT_NAMES[f] ?? f.toUpperCase();
const size = (bytes: number) => (bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.round(bytes / 1000)} KB`);
const proportion = (ratio: number) => (ratio === 1 ? "a square photo (width and height equal)" : "the 35 × 45 proportion of a passport photo");
const or = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}` : items[0]);

/** Each rule the photo fails, in words with what to do; none when it passes them all. */
export function photoWarnings(m: PhotoMeasures, rules: PhotoRules): string[] {
  const who = rules.asker;
  const out: string[] = [];
  if (!rules.formats.includes(m.format as PhotoRules["formats"][number])) {
    out.push(
      `The photo is a ${formatName(m.format)} file; ${who} asks for ${or(rules.formats.map(formatName))}. Save or export it as ${rules.formats.includes("jpeg") ? "a JPEG (.jpg)" : formatName(rules.formats[0])} and upload it again.`,
    );
  }
  const dims = `${m.width} × ${m.height} pixels`;
  if (m.width < rules.minWidth || m.height < rules.minHeight) {
    out.push(
      `The photo is ${dims}; ${who} asks for at least ${rules.minWidth} × ${rules.minHeight}. Upload the camera's full-size photo, not a screenshot or a copy sent by chat.`,
    );
  } else if ((rules.maxWidth && m.width > rules.maxWidth) || (rules.maxHeight && m.height > rules.maxHeight)) {
    out.push(
      `The photo is ${dims}; ${who} asks for at most ${rules.maxWidth ?? m.width} × ${rules.maxHeight ?? m.height}. Resize it to fit, keeping its shape.`,
    );
  }
  if (rules.ratio && Math.abs(m.width / m.height - rules.ratio) > rules.ratio * (rules.ratioTolerance ?? 0.03)) {
    out.push(`The photo is ${dims}; ${who} asks for ${proportion(rules.ratio)}. Crop it to that shape with your head in the middle.`);
  }
  if (m.bytes > rules.maxBytes) {
    out.push(`The file is ${size(m.bytes)}; ${who} asks for at most ${size(rules.maxBytes)}. Save it again at a lower quality or a smaller size.`);
  } else if (rules.minBytes && m.bytes < rules.minBytes) {
    out.push(`The file is ${size(m.bytes)}; ${who} asks for at least ${size(rules.minBytes)}. Upload the original photo, not a compressed copy.`);
  }
  if (m.borderMean < LIGHT_BORDER) {
    out.push("The background looks dark. Take it against a plain white or light grey wall, in good light.");
  } else if (m.borderDeviation > PLAIN_BORDER) {
    out.push("The background is not plain. Take it against a plain white or light grey wall, with nothing behind you and no shadows.");
  }
  if (m.sharpness < SHARP_ENOUGH) {
    out.push("The photo looks blurred. Hold the camera still or rest it on something, in good light, with your face in focus.");
  }
  return out;
}

/** Said instead of the warnings when the file could not be opened as an image. */
export const PHOTO_UNREADABLE = "We could not open this photo to check it. Upload it again as a JPEG or PNG straight from your camera.";
