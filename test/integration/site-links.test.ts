// Every internal link of every public page answers, lands on an existing anchor, and each menu label opens a page about it.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPagePaths, routes } from "../../server/routes.ts";
import { footerServices, navMenus } from "../../views/content/navigation.ts";
import { servicePages } from "../../views/content/services.ts";
import type { NavGroup, NavLink, NavMenu } from "../../views/content/types.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { anchors, headMeta, jsonLdBlocks, visibleText } from "../helpers/html.ts";

let t: TestApp;
const html = new Map<string, string>();

/** One Host for every request, so the page cache sees one key per page. */
const get = (path: string) => request(t.app).get(path).set("Host", "visas.test");

async function page(path: string): Promise<string> {
  const cached = html.get(path);
  if (cached !== undefined) return cached;
  const res = await get(path).expect(200);
  html.set(path, res.text);
  return res.text;
}

/** A page's heading: its h1, with the eyebrow line a page banner shows just above it ("About Us" over a headline). */
function heading(source: string): string {
  const match = /(?:<p\b[^>]*>([^<]*)<\/p>\s*)?<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(source);
  return visibleText(`${match?.[1] ?? ""} ${match?.[2] ?? ""}`);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const path of publicPagePaths(routes)) await page(path);
});
afterAll(async () => {
  await t.drop();
});

/** Internal links of a page: same-site paths (not protocol-relative), with their fragment apart. */
function internalLinks(source: string): { target: string; hash: string }[] {
  return anchors(source)
    .map((a) => a.href)
    .filter((href) => href.startsWith("/") && !href.startsWith("//"))
    .map((href) => {
      const [target, hash = ""] = href.split("#");
      return { target, hash };
    });
}

describe("internal links of the public site", () => {
  it("answer 200 from every public page (menus, footer, cards, buttons), and every #fragment exists there", async () => {
    const broken: string[] = [];
    const sources = [...html.entries()];
    for (const [from, source] of sources) {
      for (const { target, hash } of internalLinks(source)) {
        const res = await get(target);
        // A link into the signed-in portal (the privacy notice's "Go to my account") asks a visitor to sign in first.
        if (res.status === 303 && res.headers.location === `/auth?next=${encodeURIComponent(target)}`) continue;
        if (res.status !== 200) {
          broken.push(`${from} → ${target}: ${res.status}`);
          continue;
        }
        if (hash && !res.text.includes(`id="${hash}"`)) broken.push(`${from} → ${target}#${hash}: no element with that id`);
      }
    }
    expect(broken).toEqual([]);
    // The walk saw the menus and footer: every destination and service page was linked from somewhere.
    const linked = new Set(sources.flatMap(([, s]) => internalLinks(s).map((l) => l.target)));
    for (const p of servicePages) expect(linked.has(`/services/${p.slug}`), p.slug).toBe(true);
    // Several hundred requests, one after another: a loaded machine needs more than the usual 20 s.
  }, 90_000);

  it("fails on a link that leads nowhere (the walk can fail)", async () => {
    await get("/services/atlantis-immigration").expect(404);
  });
});

/** Words that carry meaning: lower case, "United Kingdom" as "UK", plural "s" dropped, small words left out. */
const SMALL = new Set(["in", "the", "and", "of", "to", "our", "us"]);
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/united kingdom/g, "uk")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !SMALL.has(w))
    .map((w) => (w.length > 3 ? w.replace(/s$/, "") : w));
}

/** Links that name a destination: the Immigration menu and the study destinations. */
const isDestination = (menu: NavMenu, group: NavGroup) => menu.id === "immigration" || /destinations/i.test(group.heading);

/** Why a label's page does not name it, or null when its heading does. */
function mismatch(link: NavLink, heading: string, context: string[]): string | null {
  const named = new Set(words(heading));
  const label = words(link.label);
  if (context.length === 0) return label.every((w) => named.has(w)) ? null : `"${link.label}" opens "${heading}"`;
  const candidates = [label, ...context.map(words)];
  return candidates.some((ws) => ws.some((w) => named.has(w))) ? null : `"${link.label}" opens "${heading}"`;
}

describe("menu labels and the pages they open", () => {
  it("names every menu destination in the heading of the page it opens, and every service label or its menu", async () => {
    const wrong: string[] = [];
    for (const menu of navMenus) {
      for (const group of menu.groups) {
        for (const link of group.links) {
          const named = heading(await page(link.href));
          // A destination must be named itself; a service link may be named by its group or menu ("Study Abroad").
          const context = isDestination(menu, group) ? [] : [group.heading, menu.label];
          const why = mismatch(link, named, context);
          if (why) wrong.push(why);
        }
      }
    }
    for (const link of footerServices) {
      const why = mismatch(link, heading(await page(link.href)), []);
      if (why) wrong.push(`footer ${why}`);
    }
    expect(wrong).toEqual([]);
  });

  it("would catch a destination sent to another country's page", () => {
    expect(mismatch({ label: "Germany", href: "/services/uk-immigration" }, "UK Immigration", [])).not.toBeNull();
    expect(mismatch({ label: "Dubai/UAE", href: "/services/dubai-uae-immigration" }, "Dubai & UAE Immigration", [])).toBeNull();
  });
});

describe("titles, descriptions and structured data", () => {
  it("gives every public page its own title and description", () => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const [path, source] of html) {
      const title = /<title>([^<]*)<\/title>/.exec(source)?.[1] ?? "";
      const description = headMeta(source, "name", "description") ?? "";
      expect(title, path).not.toBe("");
      expect(description, path).not.toBe("");
      expect(titles.get(title), `${path} shares its title`).toBeUndefined();
      expect(descriptions.get(description), `${path} shares its description`).toBeUndefined();
      titles.set(title, path);
      descriptions.set(description, path);
    }
  });

  it("describes each service page as a schema.org Service", () => {
    for (const p of servicePages) {
      const blocks = jsonLdBlocks(html.get(`/services/${p.slug}`) ?? "");
      const service = blocks.find((b) => b["@type"] === "Service");
      expect(service?.name, p.slug).toBe(p.title);
      expect(service?.areaServed?.name).toBe("Nigeria");
      expect(service?.provider?.["@type"]).toBe("TravelAgency");
    }
  });

  it("shows Last reviewed and official sources on every destination page", () => {
    for (const slug of ["germany", "portugal", "australia", "new-zealand", "dubai-uae"]) {
      const source = html.get(`/services/${slug}-immigration`) ?? "";
      expect(visibleText(source), slug).toMatch(/Last reviewed: [A-Z][a-z]+ 20\d\d/);
      const official = anchors(source).filter((a) => /^https:\/\/[^/]*(gov|diplo\.de|make-it-in-germany|u\.ae|vfsglobal|mne\.gov)/.test(a.href));
      expect(official.length, slug).toBeGreaterThanOrEqual(2);
      expect(official.every((a) => a.attrs.includes('rel="noopener noreferrer"'))).toBe(true);
    }
  });
});

describe("icons and the web app manifest", () => {
  it("links the icons and the manifest from every page's head", () => {
    for (const [path, source] of html) {
      const head = source.slice(0, source.indexOf("</head>"));
      for (const tag of [
        'rel="icon" href="/favicon.ico"',
        'rel="apple-touch-icon" href="/apple-touch-icon.png"',
        'rel="manifest" href="/site.webmanifest"',
      ]) {
        expect(head, `${path}: ${tag}`).toContain(tag);
      }
    }
  });

  it("serves a manifest naming the site, its colours and its icons", async () => {
    const res = await get("/site.webmanifest")
      .expect(200)
      .expect("Content-Type", /application\/manifest\+json/);
    expect(res.body.name).toBe(t.config.site.name);
    expect(res.body.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(res.body.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = res.body.icons.map((i: { sizes: string }) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  });
});
