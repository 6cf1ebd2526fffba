// The public marketing site over HTTP: pages and their facts, link targets, SEO files, head tags and the page cache.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentYear } from "../../server/domain/calendar.ts";
import { routes } from "../../server/routes.ts";
import { DELETION_RULE } from "../../views/content/privacy.ts";
import { servicePages } from "../../views/content/services.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { anchors, between, headMeta, jsonLdBlocks, visibleText } from "../helpers/html.ts";

let t: TestApp;
let configured: TestApp;
beforeAll(async () => {
  [t, configured] = await Promise.all([
    createTestApp(),
    createTestApp({ PUBLIC_URL: "https://horizongate.example", SOCIAL_FACEBOOK: "https://facebook.com/horizongate" }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.drop(), configured.drop()]);
});

/** One Host for every request: without PUBLIC_URL the sitemap and robots.txt name it. */
const get = (path: string, app = t.app) => request(app).get(path).set("Host", "visas.test").set("Accept-Encoding", "identity");

/** The raw bytes on the wire (supertest would decompress them). */
async function raw(path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const server = t.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path, headers: { Host: "visas.test", ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
  } finally {
    server.close();
  }
}

const PAGES: Record<string, string[]> = {
  "/": [
    "Your Trusted Travel Partner",
    "Turn Your Dreams of International Travel Into Reality",
    "Start Your Journey",
    "500+ successful applications",
    "Mon-Sat: 9AM-6PM",
    "Worldwide Offices",
    "Free Consultation",
    "Why Choose Us",
    "What Our Clients Say",
    "Mon-Fri 9:00 AM-6:00 PM",
    "Saturday 10:00 AM-2:00 PM",
  ],
  "/our-services": [
    "Immigration Services",
    "Visa Consultation",
    "Study Abroad Programs",
    "Travel Packages",
    "Document Preparation",
    "Settlement Services",
    "Book a Consultation",
  ],
  "/about": ["Our Story", "Our Values", "Our Team", "Visit Our Office", "Mon-Fri 9:00 AM-6:00 PM", "Saturday 10:00 AM-4:00 PM"],
  "/success-stories": [
    "Successful Visas 5000+",
    "Success Rate 98%",
    "Countries Served 50+",
    "Years of Experience 10+",
    "Temitope Ogunleye",
    "Olumide Fashola",
  ],
  "/contact": ["Visit Us", "Call Us", "Email Us", "Working Hours", "Mon-Fri 9:00 AM-6:00 PM", "Saturday 10:00 AM-4:00 PM", "Sunday Closed"],
  "/travel-packages": [
    "European Grand Tour",
    "₦2,500,000",
    "Dubai Luxury Escape",
    "₦1,200,000",
    "USA Coast to Coast",
    "₦3,200,000",
    "UK Heritage Tour",
    "₦1,800,000",
    "Caribbean Paradise",
    "₦1,500,000",
    "Asian Adventure",
    "₦1,350,000",
    "per person",
    "Flight Booking",
    "Hotel Reservations",
    "Travel Insurance",
    "Airport Transfers",
  ],
  "/privacy": [
    "Privacy Notice",
    "What we collect",
    "Why we use it",
    "Who sees it",
    "How long we keep it",
    "Your rights",
    "Nigeria Data Protection Commission",
    "Download my data",
    "Delete my account",
  ],
  "/faq": ["Frequently Asked Questions", "Can you guarantee that my visa will be approved?", "Where do I do my biometrics?"],
  "/services/tourist-visa": ["Tourist Visa Services", "bank statements of the last 3-6 months", "Requirements", "Our Process"],
  "/services/work-visa": ["Work Visa Assistance", "Job Offer", "Sponsorship", "Visa Application", "Relocation"],
  "/services/student-visa": ["Student Visa Services"],
  "/services/canada-immigration": ["Canada Immigration", "Assessment", "Documentation", "Application", "Approval"],
  "/services/usa-immigration": ["USA Immigration", "Requirements", "Our Process"],
  "/services/uk-immigration": ["UK Immigration", "passport with at least 6 months' validity"],
  "/services/germany-immigration": ["Germany Immigration", "Consulate General in Lagos", "Opportunity Card", "Last reviewed: November 2026"],
  "/services/portugal-immigration": ["Portugal Immigration", "VFS Global Portugal visa application centres in Lagos and Abuja", "Last reviewed:"],
  "/services/australia-immigration": ["Australia Immigration", "ImmiAccount", "biometric collection centre in Lagos or Abuja", "Last reviewed:"],
  "/services/new-zealand-immigration": ["New Zealand Immigration", "no New Zealand visa application centre in Lagos or Abuja", "Last reviewed:"],
  "/services/dubai-uae-immigration": ["Dubai & UAE Immigration", "AED 4,000", "Last reviewed:"],
  "/services/study-abroad": [
    "Study Abroad Programs",
    "University Admission",
    "Document Preparation",
    "Visa Processing",
    "Pre-Departure Support",
    "Popular Destinations",
  ],
  "/services/study-usa": ["Study in the USA"],
  "/services/study-uk": ["Study in the UK", "2-year post-study work visa"],
  "/services/study-canada": ["Study in Canada"],
  "/services/study-australia": ["Study in Australia", "20 hours/week"],
};

describe("public pages", () => {
  it.each(Object.entries(PAGES))("%s answers 200 with its facts in the server HTML", async (path, facts) => {
    const res = await get(path).expect(200).expect("Content-Type", /html/);
    const text = visibleText(res.text);
    for (const fact of facts) expect(text, `${path} shows "${fact}"`).toContain(fact);
    expect(res.text.match(/<h1\b/g), "one h1").toHaveLength(1);
    expect(res.text).toContain('<main id="main"');
    expect(res.text).toMatch(/<a href="#main"[^>]*>Skip to content<\/a>/);
    expect(res.text).toMatch(/<nav aria-label="Main"/);
    expect(res.text).toMatch(/<header\b/);
    expect(res.text).toMatch(/<footer\b/);
    // Static HTML with islands: no page object, the desktop menus as an island with their props beside them.
    expect(res.text).not.toContain('id="page-data"');
    expect(res.text).toMatch(/<div data-island="desktop-nav" data-island-id="0" data-props="[^"]+"/);
  });

  it("shows nine testimonials with five stars each on the success stories page", async () => {
    const html = (await get("/success-stories")).text;
    expect(html.match(/aria-label="Rated 5 out of 5"/g)).toHaveLength(9);
    expect(html.match(/<figure\b/g)).toHaveLength(9);
  });

  it("numbers the process of a service page as an ordered list of four steps", async () => {
    const html = (await get("/services/tourist-visa")).text;
    const list = between(html, "<ol", "</ol>");
    expect(visibleText(list)).toMatch(/Destination.*Documents.*Application.*Travel/s);
    expect(list.match(/<li\b/g)).toHaveLength(4);
    const cta = anchors(html).find((a) => a.text === "Apply for a Tourist Visa Online");
    expect(cta?.href).toBe("/visa-application/new");
  });

  it("answers an unknown service with the normal 404 page, never cached", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get("/services/xyz").expect(404);
      expect(res.text).toContain("Oops! Page not found");
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["x-cache"]).toBeUndefined();
    }
  });

  it("puts the current year in Lagos in the footer and the page props", async () => {
    // Lagos is an hour ahead of UTC: its new year starts at 23:00 UTC on 31 December.
    expect(currentYear(new Date("2026-12-31T22:59:59Z"))).toBe(2026);
    expect(currentYear(new Date("2026-12-31T23:00:00Z"))).toBe(2027);
    const year = currentYear();
    expect(year).toBe(new Date(Date.now() + 3_600_000).getUTCFullYear());
    const res = await get("/about");
    const { props } = (await get("/about").set("Accept", "application/json")).body;
    expect(props.year).toBe(year);
    expect(visibleText(res.text)).toContain(`© ${year} Horizon Gate Travel & Visa Consultants`);
  });

  it("shows the office details from the site configuration and the WhatsApp button", async () => {
    const html = (await get("/")).text;
    const text = visibleText(html);
    expect(text).toContain("14 Allen Avenue, Ikeja");
    expect(text).toContain("info@horizongatetravel.ng");
    expect(text).toContain("support@horizongatetravel.ng");
    expect(anchors(html).some((a) => a.href === "tel:+2348035550142")).toBe(true);
    const whatsapp = anchors(html).find((a) => a.href === "https://wa.me/2348035550142");
    expect(whatsapp?.text).toBe("Chat with us on WhatsApp");
    expect(whatsapp?.attrs).toMatch(/target="_blank"/);
    expect(whatsapp?.attrs).toMatch(/rel="noopener noreferrer"/);
  });

  it("shows social icons only for configured profiles", async () => {
    const plain = anchors((await get("/")).text);
    expect(plain.some((a) => /facebook|instagram|twitter|linkedin/.test(a.href))).toBe(false);
    const withFacebook = anchors((await get("/", configured.app)).text);
    expect(withFacebook.find((a) => a.href === "https://facebook.com/horizongate")?.text).toBe("Facebook");
    expect(withFacebook.some((a) => /instagram|twitter|linkedin/.test(a.href))).toBe(false);
  });

  it("embeds the office map from OpenStreetMap with a title, lazily", async () => {
    const html = (await get("/contact")).text;
    const iframe = html.match(/<iframe\b[^>]*>/)?.[0] ?? "";
    expect(iframe).toMatch(/src="https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=[\d.,-]+&amp;layer=mapnik&amp;marker=[\d.,]+"/);
    expect(iframe).toMatch(/title="[^"]+"/);
    expect(iframe).toMatch(/loading="lazy"/);
  });
});

describe("contact form", () => {
  const textarea = (html: string) => html.match(/<textarea\b[^>]*>([^<]*)<\/textarea>/)?.[1];

  it("has four required, labelled fields of the right types", async () => {
    for (const path of ["/", "/contact"]) {
      const html = (await get(path)).text;
      const form = between(html, "<form", "</form>");
      for (const [label, type] of [
        ["Full Name", "text"],
        ["Email Address", "email"],
        ["Phone Number", "tel"],
      ]) {
        const id = form.match(new RegExp(`<label for="([^"]+)"[^>]*>${label}</label>`))?.[1];
        expect(id, `${path} labels ${label}`).toBeTruthy();
        expect(form).toMatch(new RegExp(`<input type="${type}"[^>]*id="${id}"[^>]*required`));
      }
      const messageId = form.match(/<label for="([^"]+)"[^>]*>Message<\/label>/)?.[1];
      expect(form).toMatch(new RegExp(`<textarea rows="5"[^>]*id="${messageId}"[^>]*required`));
    }
  });

  it("pre-fills the message for a known travel package", async () => {
    const res = await get("/contact?package=Dubai%20Luxury%20Escape").expect(200);
    const json = await get("/contact?package=Dubai%20Luxury%20Escape").set("Accept", "application/json");
    expect(json.body.props.packageTitle).toBe("Dubai Luxury Escape");
    expect(textarea(res.text)).toBe("I would like to book the Dubai Luxury Escape package.");
  });

  it("ignores an unknown package", async () => {
    for (const query of ["?package=%3Cscript%3Ealert(1)%3C%2Fscript%3E", "?package=Moon%20Base", "?package=a&package=b"]) {
      const res = await get(`/contact${query}`).expect(200);
      expect((await get(`/contact${query}`).set("Accept", "application/json")).body.props.packageTitle).toBeNull();
      expect(textarea(res.text)).toBe("");
      expect(res.text).not.toContain("<script>alert(1)");
    }
  });

  it("links every Book Now to the contact form naming its package", async () => {
    const html = (await get("/travel-packages")).text;
    const books = anchors(html).filter((a) => a.text.startsWith("Book Now"));
    expect(books).toHaveLength(6);
    expect(books[0].href).toBe("/contact?package=European%20Grand%20Tour#contact");
  });
});

describe("link targets (SPEC §2.2, §2.3)", () => {
  const NAV: [label: string, href: string][] = [
    ["Home", "/"],
    ["Our Services", "/our-services"],
    ["About Us", "/about"],
    ["Success Stories", "/success-stories"],
    ["Contact", "/contact"],
    ["Canada", "/services/canada-immigration"],
    ["USA", "/services/usa-immigration"],
    ["United Kingdom", "/services/uk-immigration"],
    ["Germany", "/services/germany-immigration"],
    ["Portugal", "/services/portugal-immigration"],
    ["Australia", "/services/australia-immigration"],
    ["New Zealand", "/services/new-zealand-immigration"],
    ["Dubai/UAE", "/services/dubai-uae-immigration"],
    ["Tourist Visa Services", "/services/tourist-visa"],
    ["Work Visa Assistance", "/services/work-visa"],
    ["Student Visa Services", "/services/student-visa"],
    ["Study in USA", "/services/study-usa"],
    ["Study in UK", "/services/study-uk"],
    ["Study in Canada", "/services/study-canada"],
    ["Study in Australia", "/services/study-australia"],
    ["Study Abroad Programs", "/services/study-abroad"],
    ["University Admission", "/services/study-abroad"],
    ["Scholarship Assistance", "/services/study-abroad"],
    ["Accommodation Support", "/services/study-abroad"],
    ["Student Visa Processing", "/services/student-visa"],
    ["Travel Packages", "/travel-packages"],
    ["Sign In", "/auth"],
    ["Contact Us", "/contact"],
    // Not in the specification: the online application, for a visitor who came to apply.
    ["Apply online", "/visa-application/new"],
  ];

  it("has every navigation link of the specification in the menu", async () => {
    const menu = anchors(between((await get("/")).text, '<nav id="mobile-menu"', "</nav>"));
    for (const [label, href] of NAV) {
      const link = menu.find((a) => a.text === label);
      expect(link?.href, `menu link ${label}`).toBe(href);
    }
    expect(menu.filter((a) => a.href.startsWith("/services/")).every((a) => PAGES[a.href])).toBe(true);
  });

  it("links the six home service tiles as specified", async () => {
    const tiles = anchors(between((await get("/")).text, '<section id="services"', "</section>"));
    const TILES: Record<string, string> = {
      "Visa Consultation": "/services/tourist-visa",
      "Study Abroad": "/services/study-abroad",
      "Travel Packages": "/travel-packages",
      "Work Permits": "/services/work-visa",
      "Family Immigration": "/services/canada-immigration",
      "Documentation Support": "/#contact",
    };
    expect(tiles).toHaveLength(6);
    for (const [title, href] of Object.entries(TILES)) expect(tiles.find((a) => a.text.startsWith(title))?.href, title).toBe(href);
  });

  it("links the footer quick links, including About Us and FAQ", async () => {
    const footer = anchors(between((await get("/faq")).text, "<footer", "</footer>"));
    const quick = Object.fromEntries(footer.map((a) => [a.text, a.href]));
    expect(quick).toMatchObject({
      Services: "/our-services",
      Contact: "/contact",
      "About Us": "/about",
      FAQ: "/faq",
      "Apply online": "/visa-application/new",
    });
  });

  it("sends the top bar's offices to the contact section (on the page when it has one, else /#contact), Free Consultation to /book", async () => {
    const onHome = anchors((await get("/")).text).filter((a) => a.text === "Free Consultation" || a.text === "Worldwide Offices");
    expect(onHome.map((a) => a.href)).toEqual(["#contact", "/book"]);
    const onAbout = anchors((await get("/about")).text).filter((a) => a.text === "Free Consultation" || a.text === "Worldwide Offices");
    expect(onAbout.map((a) => a.href)).toEqual(["/#contact", "/book"]);
    const hero = anchors(between((await get("/")).text, '<section aria-labelledby="hero-heading"', "</section>"));
    expect(hero.find((a) => a.text === "Start Your Journey")?.href).toBe("#contact");
    expect(hero.find((a) => a.text === "Our Services")?.href).toBe("#services");
  });

  it("gives each Learn More card link and the closing button of /our-services a target", async () => {
    const links = anchors((await get("/our-services")).text);
    expect(links.filter((a) => a.text.startsWith("Learn More"))).toHaveLength(6);
    expect(links.find((a) => a.text === "Book a Consultation")?.href).toBe("/book");
  });
});

describe("privacy notice", () => {
  it("states the periods this server enforces, and the deletion rule the account page shows", async () => {
    const custom = await createTestApp({ SESSION_IDLE_MINUTES: "20", SESSION_MAX_HOURS: "8" });
    try {
      const text = visibleText((await get("/privacy", custom.app).expect(200)).text);
      expect(text).toContain("End after 20 minutes without activity, and after 8 hours in any case.");
      expect(text).toContain(
        "A password-reset link works for 60 minutes, an e-mail confirmation link for 7 days, and a change-of-address link for 24 hours.",
      );
      expect(text).toContain(DELETION_RULE);
      expect(text).toContain(t.config.site.emailSupport);
    } finally {
      await custom.drop();
    }
    const defaults = visibleText((await get("/privacy").expect(200)).text);
    expect(defaults).toContain("End after 30 minutes without activity, and after 12 hours in any case.");
  });

  it("is linked from every page's footer and from the sign-up form, and cached like the other public pages", async () => {
    for (const path of ["/", "/faq", "/services/work-visa"]) {
      const footer = between((await get(path)).text, "<footer", "</footer>");
      expect(
        anchors(footer).map((a) => a.href),
        `${path} footer`,
      ).toContain("/privacy");
    }
    for (const path of ["/signup"]) {
      const page = (await request(t.app).get(path).expect(200)).text;
      expect(anchors(page).find((a) => a.text === "privacy notice")?.href, path).toBe("/privacy");
    }
    const res = await get("/privacy").expect(200);
    expect(res.headers["cache-control"]).toMatch(/public/);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });
});

describe("sitemap, robots and head tags", () => {
  const publicPaths = () => {
    // Unlisted public pages (the receipt check) answer per request and stay out of the sitemap.
    const table = routes.filter((r) => r.access === "public" && r.method === "get" && !r.unlisted && !/\.(xml|txt|webmanifest)$/.test(r.path));
    return table.flatMap((r) => (r.path === "/services/:slug" ? servicePages.map((p) => `/services/${p.slug}`) : [r.path]));
  };

  it("lists every public page in sitemap.xml with absolute URLs from the request", async () => {
    const res = await request(t.app).get("/sitemap.xml").set("Host", "visas.test").expect(200).expect("Content-Type", /xml/);
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(
      publicPaths()
        .map((p) => `http://visas.test${p}`)
        .sort(),
    );
    // That each of these pages answers, and every link on it, is the link walk's job (site-links.test.ts).
    expect(locs).toHaveLength(24);
  });

  it("uses PUBLIC_URL in sitemap.xml, robots.txt, canonical and og:url when it is set", async () => {
    const sitemap = (await get("/sitemap.xml", configured.app)).text;
    expect(sitemap).toContain("<loc>https://horizongate.example/services/study-uk</loc>");
    const robots = (await get("/robots.txt", configured.app)).text;
    expect(robots).toContain("Sitemap: https://horizongate.example/sitemap.xml");
    const html = (await get("/about", configured.app)).text;
    expect(html).toContain('<link rel="canonical" href="https://horizongate.example/about">');
    expect(headMeta(html, "property", "og:url")).toBe("https://horizongate.example/about");
  });

  it("with PUBLIC_URL, answers 300 made-up hosts from the canonical entries: nothing new is stored and / stays cached", async () => {
    const paths = ["/", "/sitemap.xml", "/robots.txt"];
    for (const path of paths) await get(path, configured.app).expect(200);
    for (let i = 0; i < 300; i++) {
      const path = paths[i % paths.length];
      const res = await request(configured.app).get(path).set("Host", `spam${i}.example`).expect(200);
      // HIT: served from the entry already there, so no entry was added and none pushed out.
      expect(res.headers["x-cache"], `${path} from spam${i}.example`).toBe("HIT");
      expect(res.text).not.toContain("spam");
    }
    expect((await get("/", configured.app).expect(200)).headers["x-cache"]).toBe("HIT");
    expect((await get("/sitemap.xml", configured.app)).text).toContain("<loc>https://horizongate.example/about</loc>");
  });

  it("without PUBLIC_URL (never in production), answers the sitemap and robots.txt for each host uncached, and / stays cached", async () => {
    await get("/").expect(200);
    for (let i = 0; i < 300; i++) {
      const path = i % 2 ? "/sitemap.xml" : "/robots.txt";
      const res = await request(t.app).get(path).set("Host", `spam${i}.example`).expect(200);
      expect(res.headers["x-cache"]).toBeUndefined();
      expect(res.text).toContain(`http://spam${i}.example/`);
    }
    expect((await get("/").expect(200)).headers["x-cache"]).toBe("HIT");
  });

  it("allows crawling but not the signed-in areas in robots.txt", async () => {
    const res = await request(t.app)
      .get("/robots.txt")
      .set("Host", "visas.test")
      .expect(200)
      .expect("Content-Type", /text\/plain/);
    expect(res.text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ["/dashboard", "/admin", "/api", "/application", "/payment", "/visa-application", "/checklist"]) {
      expect(res.text).toContain(`Disallow: ${path}\n`);
    }
    expect(res.text).toContain("Sitemap: http://visas.test/sitemap.xml");
  });

  it("emits OpenGraph tags, with no og:url or canonical when PUBLIC_URL is unset", async () => {
    const html = (await get("/services/work-visa")).text;
    expect(headMeta(html, "property", "og:title")).toBe("Work Visa Assistance");
    expect(headMeta(html, "property", "og:description")).toBe(headMeta(html, "name", "description"));
    expect(headMeta(html, "property", "og:type")).toBe("website");
    expect(headMeta(html, "property", "og:site_name")).toBe("Horizon Gate Travel &amp; Visa Consultants");
    expect(headMeta(html, "property", "og:url")).toBeUndefined();
    expect(html).not.toContain('rel="canonical"');
  });

  it("describes the business as a TravelAgency in JSON-LD on the home and contact pages only", async () => {
    for (const path of ["/", "/contact"]) {
      const [business, ...more] = jsonLdBlocks((await get(path)).text);
      expect(more).toEqual([]);
      expect(business).toMatchObject({
        "@context": "https://schema.org",
        "@type": "TravelAgency",
        name: "Horizon Gate Travel & Visa Consultants",
        telephone: "+234 803 555 0142",
        email: "info@horizongatetravel.ng",
        address: { "@type": "PostalAddress", addressLocality: "Ikeja", addressRegion: "Lagos", addressCountry: "NG" },
      });
      expect(business.openingHoursSpecification).toEqual([
        expect.objectContaining({ dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "18:00" }),
        expect.objectContaining({ dayOfWeek: ["Saturday"], opens: "10:00", closes: "16:00" }),
      ]);
    }
    expect(jsonLdBlocks((await get("/about")).text)).toEqual([]);
    const [withUrl] = jsonLdBlocks((await get("/", configured.app)).text);
    expect(withUrl).toMatchObject({ url: "https://horizongate.example/", sameAs: ["https://facebook.com/horizongate"] });
  });
});

describe("public page cache", () => {
  it("renders once, then serves the same body with a strong ETag and public caching headers", async () => {
    const first = await get("/success-stories").expect(200);
    const second = await get("/success-stories").expect(200);
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["cache-control"]).toBe("public, max-age=300, stale-while-revalidate=600");
    expect(second.headers.vary).toMatch(/Accept\b.*Accept-Encoding|Accept-Encoding.*Accept\b/);
    expect(second.headers["content-encoding"]).toBeUndefined();
  });

  it("answers 304 Not Modified to a matching If-None-Match", async () => {
    const { headers } = await get("/about").expect(200);
    const res = await get("/about").set("If-None-Match", headers.etag).expect(304);
    expect(res.text).toBeFalsy();
    expect(res.headers.etag).toBe(headers.etag);
    await get("/about").set("If-None-Match", '"something-else"').expect(200);
  });

  it("sends gzip or brotli when asked, compressed exactly once", async () => {
    // A page no other test fetches, so the first answer is the render (the cache keys on the package it names).
    const url = "/contact?package=European%20Grand%20Tour";
    for (const hit of [false, true]) {
      const gz = await raw(url, { "Accept-Encoding": "gzip" });
      expect(gz.status).toBe(200);
      expect(gz.headers["x-cache"]).toBe(hit ? "HIT" : "MISS");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(gz.headers.etag).toMatch(/-gzip"$/);
      expect(Number(gz.headers["content-length"])).toBe(gz.body.length);
      expect(zlib.gunzipSync(gz.body).toString()).toMatch(/^<!doctype html>/);
    }
    const br = await raw(url, { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toMatch(/^<!doctype html>/);
    const none = await raw(url, { "Accept-Encoding": "identity" });
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.body.toString()).toMatch(/^<!doctype html>/);
    const notModified = await raw(url, { "Accept-Encoding": "br", "If-None-Match": br.headers.etag as string });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
  });

  it("renders a page at most once for 100 distinct junk query strings", async () => {
    for (const path of ["/", "/services/tourist-visa", "/contact"]) {
      const misses = [];
      for (let i = 0; i < 100; i++) {
        const res = await get(`${path}?r=${i}${i % 2 ? `&package=junk${i}` : ""}`).expect(200);
        if (res.headers["x-cache"] !== "HIT") misses.push(i);
      }
      expect(misses.length, path).toBeLessThanOrEqual(1);
    }
  });

  it("redirects another spelling of a public path to its one cached spelling", async () => {
    await get("/About").expect(301).expect("Location", "/about");
    await get("/services/Tourist-Visa/?x=1").expect(301).expect("Location", "/services/tourist-visa?x=1");
  });

  it("keeps the JSON page object apart from the HTML under the same URL", async () => {
    await get("/faq").expect(200).expect("Content-Type", /html/);
    const json = await get("/faq").set("Accept", "application/json").expect(200).expect("Content-Type", /json/);
    expect(json.body).toMatchObject({ page: "public/Faq", shared: { user: null, csrfToken: null } });
    const again = await get("/faq").set("Accept", "application/json").expect(200);
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.body.page).toBe("public/Faq");
  });

  it("never sets a cookie or loads a session on public pages", async () => {
    for (const path of [...Object.keys(PAGES), "/sitemap.xml", "/robots.txt"]) {
      const res = await get(path).expect(200);
      expect(res.headers["set-cookie"], path).toBeUndefined();
    }
    const count = await t.db("user_sessions").count<{ count: string }[]>({ count: "*" });
    expect(Number(count[0].count)).toBe(0);
  });
});
