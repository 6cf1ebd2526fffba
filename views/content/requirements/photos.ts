// The digital passport photo each destination asks for, beside its documents: only what a file can be measured for
// (pixels, proportion, bytes, format). Each rule names its official source and the day it was checked; the
// consultant checks a photo against the rest (expression, glasses, head size) by eye.
import type { SourceLink } from "../types.ts";

export type PhotoFormat = "jpeg" | "png";

export interface PhotoRules {
  /** Who asks, as the applicant reads it in a warning: "the UK", "a Schengen consulate" (a singular subject). */
  asker: string;
  /** The day the numbers were last checked against the source, "YYYY-MM-DD". */
  reviewed: string;
  sources: SourceLink[];
  /** Smallest and largest width and height in pixels (no largest where the source sets none). */
  minWidth: number;
  minHeight: number;
  maxWidth?: number;
  maxHeight?: number;
  /** Width divided by height, e.g. 1 for a square, 35 / 45; none where the source asks for no proportion. */
  ratio?: number;
  /** How far the proportion may be off, as a share of `ratio` (0.03: 3 %). */
  ratioTolerance?: number;
  /** Smallest and largest file in bytes. */
  minBytes?: number;
  maxBytes: number;
  formats: PhotoFormat[];
}

const KB = 1000;
const MB = 1000 * KB;
const reviewed = "2026-11-30";

/** The US Department of State's digital image for the DS-160: square, 600 to 1200 pixels a side, JPEG, 240 KB. */
export const unitedStatesPhoto: PhotoRules = {
  asker: "the US",
  reviewed,
  sources: [
    {
      label: "US Department of State: Photo requirements",
      href: "https://travel.state.gov/content/travel/en/us-visas/visa-information-resources/photos.html",
    },
  ],
  minWidth: 600,
  minHeight: 600,
  maxWidth: 1200,
  maxHeight: 1200,
  ratio: 1,
  ratioTolerance: 0.01,
  maxBytes: 240 * KB,
  formats: ["jpeg"],
};

/** GOV.UK's digital photo rule: at least 600 × 750 pixels, 50 KB to 10 MB, JPEG. */
export const unitedKingdomPhoto: PhotoRules = {
  asker: "the UK",
  reviewed,
  sources: [{ label: "GOV.UK: Photo requirements (digital photos)", href: "https://www.gov.uk/photos-for-passports/photo-requirements" }],
  minWidth: 600,
  minHeight: 750,
  minBytes: 50 * KB,
  maxBytes: 10 * MB,
  formats: ["jpeg"],
};

/**
 * The Schengen visa photo (ICAO 9303 size, 35 × 45 mm): in pixels at 300 dpi at least 413 × 531; JPEG or PNG as the
 * consulates' online forms accept, up to 10 MB (the largest any of them takes).
 */
export const schengenPhoto: PhotoRules = {
  asker: "a Schengen consulate",
  reviewed,
  sources: [
    {
      label: "European Commission: Handbook for the processing of visa applications (photograph, ICAO 9303)",
      href: "https://home-affairs.ec.europa.eu/policies/schengen-borders-and-visa/visa-policy_en",
    },
  ],
  minWidth: 413,
  minHeight: 531,
  ratio: 35 / 45,
  ratioTolerance: 0.03,
  maxBytes: 10 * MB,
  formats: ["jpeg", "png"],
};

/**
 * IRCC's digital photo for a temporary resident (visitor, study, work) application: at least 420 × 540 pixels in the
 * 35 × 45 mm frame's proportion, JPEG, ideally 240 KB and no less than 60 KB, at most 4 MB.
 */
export const canadaPhoto: PhotoRules = {
  asker: "Canada",
  reviewed,
  sources: [
    {
      label: "IRCC: Temporary resident visa application photograph specifications",
      href: "https://www.canada.ca/en/immigration-refugees-citizenship/services/application/application-forms-guides/temporary-resident-visa-application-photograph-specifications.html",
    },
  ],
  minWidth: 420,
  minHeight: 540,
  ratio: 35 / 45,
  ratioTolerance: 0.03,
  minBytes: 60 * KB,
  maxBytes: 4 * MB,
  formats: ["jpeg"],
};

/**
 * Any other destination: the ICAO 9303 passport photo most consulates follow (35 × 45 mm, at 300 dpi at least
 * 413 × 531 pixels), as a JPEG or PNG up to 10 MB; the consultant checks the consulate's own rule per case.
 */
export const defaultPhoto: PhotoRules = {
  asker: "the consulate",
  reviewed,
  sources: [{ label: "ICAO Doc 9303, part 3: the portrait", href: "https://www.icao.int/publications/pages/publication.aspx?docnum=9303" }],
  minWidth: 413,
  minHeight: 531,
  ratio: 35 / 45,
  ratioTolerance: 0.05,
  maxBytes: 10 * MB,
  formats: ["jpeg", "png"],
};

/** By the catalogue's destination name (views/content/requirements/index.ts); any other uses `defaultPhoto`. */
export const photoRulesByDestination: Record<string, PhotoRules> = {
  "United States": unitedStatesPhoto,
  "United Kingdom": unitedKingdomPhoto,
  Canada: canadaPhoto,
  Germany: schengenPhoto,
  Portugal: schengenPhoto,
};
