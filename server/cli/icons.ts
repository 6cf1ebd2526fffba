// Renders the site's PNG and ICO icons from client/public/favicon.svg in headless Chromium (run after changing the SVG).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { FULL_CHROMIUM_PATH, launchBrowser } from "../../test/helpers/browser.ts";
import { ROOT_DIR } from "../config.ts";

const PUBLIC_DIR = path.join(ROOT_DIR, "client", "public");

/** An ICO file whose images are stored as PNG, which current browsers and crawlers read. */
export function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

async function main(): Promise<void> {
  const svg = readFileSync(path.join(PUBLIC_DIR, "favicon.svg"), "utf8");
  // A home-screen icon must be opaque: the phone rounds the corners itself.
  const square = svg.replace(/ rx="\d+"/, "");
  const browser = await launchBrowser(FULL_CHROMIUM_PATH);
  const page = await browser.newPage();
  const render = async (source: string, size: number): Promise<Buffer> => {
    await page.setViewportSize({ width: size, height: size });
    const sized = source.replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`);
    return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  };
  try {
    const ico = [];
    for (const size of [16, 32, 48]) ico.push({ size, png: await render(svg, size) });
    writeFileSync(path.join(PUBLIC_DIR, "favicon.ico"), icoFromPngs(ico));
    writeFileSync(path.join(PUBLIC_DIR, "apple-touch-icon.png"), await render(square, 180));
    writeFileSync(path.join(PUBLIC_DIR, "icon-192.png"), await render(svg, 192));
    writeFileSync(path.join(PUBLIC_DIR, "icon-512.png"), await render(svg, 512));
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) await main();
