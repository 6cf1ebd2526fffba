// A passport photo against its destination's photo rules, on portraits drawn by sharp in the test: each failed rule
// in words, a good photo passing, and a file that is not an image said to be unreadable.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { photoRulesFor, photoWarnings } from "../../server/domain/photoRules.ts";
import { measurePhoto } from "../../server/photos/measure.ts";
import {
  canadaPhoto,
  defaultPhoto,
  photoRulesByDestination,
  schengenPhoto,
  unitedKingdomPhoto,
  unitedStatesPhoto,
} from "../../views/content/requirements/photos.ts";
import { type Portrait, portrait } from "../helpers/portraits.ts";

async function warningsFor(p: Portrait, destination: string) {
  const m = await measurePhoto(await portrait(p));
  if (!m) throw new Error("not measured");
  return { m, warnings: photoWarnings(m, photoRulesFor(destination)) };
}

describe("photo rules data", () => {
  it("names each destination's rules with a source and the day they were checked", () => {
    for (const rules of [unitedStatesPhoto, unitedKingdomPhoto, schengenPhoto, canadaPhoto, defaultPhoto]) {
      expect(rules.sources.length).toBeGreaterThan(0);
      for (const s of rules.sources) expect(s.href).toMatch(/^https:\/\//);
      expect(rules.reviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(Object.keys(photoRulesByDestination).sort()).toEqual(["Canada", "Germany", "Portugal", "United Kingdom", "United States"]);
  });

  it("finds the rules by the destination as typed, Schengen states by name, and the default for others", () => {
    expect(photoRulesFor("USA")).toBe(unitedStatesPhoto);
    expect(photoRulesFor("u.k.")).toBe(unitedKingdomPhoto);
    expect(photoRulesFor("Germany")).toBe(schengenPhoto);
    expect(photoRulesFor("France")).toBe(schengenPhoto);
    expect(photoRulesFor("Canada")).toBe(canadaPhoto);
    expect(photoRulesFor("Ghana")).toBe(defaultPhoto);
    expect(photoRulesFor(null)).toBe(defaultPhoto);
  });
});

describe("an uploaded photo against the rules", () => {
  it("passes a good photo for each destination", async () => {
    expect((await warningsFor({ width: 800, height: 800 }, "United States")).warnings).toEqual([]);
    expect((await warningsFor({ width: 700, height: 900 }, "United Kingdom")).warnings).toEqual([]);
    expect((await warningsFor({ width: 700, height: 900 }, "Germany")).warnings).toEqual([]);
    expect((await warningsFor({ width: 700, height: 900 }, "Canada")).warnings).toEqual([]);
    expect((await warningsFor({ width: 700, height: 900 }, "Ghana")).warnings).toEqual([]);
  });

  it("says a photo too small, with its size and the rule's", async () => {
    const { warnings } = await warningsFor({ width: 480, height: 600 }, "United Kingdom");
    expect(warnings).toEqual([
      "The photo is 480 × 600 pixels; the UK asks for at least 600 × 750. Upload the camera's full-size photo, not a screenshot or a copy sent by chat.",
    ]);
  });

  it("says a photo too large for the US, and one of the wrong shape", async () => {
    const big = await warningsFor({ width: 1400, height: 1400, quality: 70 }, "United States");
    expect(big.warnings).toContain("The photo is 1400 × 1400 pixels; the US asks for at most 1200 × 1200. Resize it to fit, keeping its shape.");
    const wide = await warningsFor({ width: 800, height: 640 }, "United States");
    expect(wide.warnings).toEqual([
      "The photo is 800 × 640 pixels; the US asks for a square photo (width and height equal). Crop it to that shape with your head in the middle.",
    ]);
    const square = await warningsFor({ width: 800, height: 800 }, "Germany");
    expect(square.warnings).toEqual([
      "The photo is 800 × 800 pixels; a Schengen consulate asks for the 35 × 45 proportion of a passport photo. Crop it to that shape with your head in the middle.",
    ]);
  });

  it("says a dark background and a blurred photo", async () => {
    const dark = await warningsFor({ width: 700, height: 900, background: "#5a5f66" }, "United Kingdom");
    expect(dark.warnings).toEqual(["The background looks dark. Take it against a plain white or light grey wall, in good light."]);
    const blurred = await warningsFor({ width: 700, height: 900, blur: 4 }, "Germany");
    expect(blurred.m.sharpness).toBeLessThan(60);
    expect(blurred.warnings).toEqual([
      "The photo looks blurred. Hold the camera still or rest it on something, in good light, with your face in focus.",
    ]);
    // A slight softness (a sigma of one pixel) is not called blurred.
    expect((await warningsFor({ width: 700, height: 900, blur: 1 }, "Germany")).warnings).toEqual([]);
  });

  it("says a patterned background is not plain", async () => {
    const stripes = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="900"><rect width="700" height="900" fill="#eee"/>${Array.from(
        { length: 35 },
        (_, i) => `<rect x="${i * 20}" width="10" height="900" fill="#777"/>`,
      ).join("")}<ellipse cx="350" cy="380" rx="200" ry="270" fill="#8d5524"/></svg>`,
    );
    const m = await measurePhoto(await sharp(stripes).jpeg().toBuffer());
    expect(m && photoWarnings(m, unitedKingdomPhoto)).toContain(
      "The background is not plain. Take it against a plain white or light grey wall, with nothing behind you and no shadows.",
    );
  });

  it("says a PNG for the US by its bytes, whatever its name, and the file's size against the rule", async () => {
    const png = await warningsFor({ width: 800, height: 800, format: "png" }, "United States");
    expect(png.m.format).toBe("png");
    expect(png.warnings[0]).toBe("The photo is a PNG file; the US asks for JPEG. Save or export it as a JPEG (.jpg) and upload it again.");
    expect(png.warnings[1]).toMatch(/^The file is \d+(\.\d)? (KB|MB); the US asks for at most 240 KB\. /);
    // A PNG is fine for Schengen.
    expect((await warningsFor({ width: 700, height: 900, format: "png" }, "Portugal")).warnings).toEqual([]);
    const small = await warningsFor({ width: 700, height: 900, quality: 20 }, "United Kingdom");
    expect(small.m.bytes).toBeLessThan(50_000);
    expect(small.warnings).toEqual([
      `The file is ${Math.round(small.m.bytes / 1000)} KB; the UK asks for at least 50 KB. Upload the original photo, not a compressed copy.`,
    ]);
  });

  it("reads the size as the photo is shown, after the camera's orientation tag", async () => {
    const turned = await sharp(await portrait({ width: 900, height: 700 }))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const m = await measurePhoto(turned);
    expect([m?.width, m?.height]).toEqual([700, 900]);
  });

  it("measures nothing from a file that is not an image", async () => {
    expect(await measurePhoto(Buffer.from("%PDF-1.4 not a photo at all"))).toBeNull();
    const jpeg = await portrait({ width: 700, height: 900 });
    expect(await measurePhoto(jpeg.subarray(0, 200))).toBeNull();
  });
});
