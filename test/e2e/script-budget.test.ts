// The script each page requests before it is usable stays within 90 KB gzip on a signed-in page and 60 KB on a
// marketing page (docs/benchmarks.md). Measured in Chromium from the navigation to the page's `hydrated` mark, so a lazy
// part the first render shows counts as the page's own; the build's list of a page's files (entry and preloads) is
// checked too, for every signed-in page, as the floor no page can be under.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT_DIST, manifestAssets } from "../../server/render/assets.ts";
import { pages } from "../../views/pages/registry.ts";
import { insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser } from "../helpers/factories.ts";
import { measureScriptBeforeUsable } from "../helpers/scriptBeforeUsable.ts";

const BUDGET = 90 * 1024;
const MARKETING_BUDGET = 60 * 1024;
const signedIn = Object.keys(pages).filter((page) => /^(auth|portal|admin)\//.test(page));

function fromBuild(page: string): { gz: number; files: string[] } {
  const assets = manifestAssets().forPage(page);
  const files = [...assets.scripts, ...assets.preloads];
  const gz = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(CLIENT_DIST, f)), { level: 9 }).length, 0);
  return { gz, files };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const e2e = setupE2E();

describe("script before a page is usable", () => {
  /** Session cookies ("name=value; …") of a signed-in browser. */
  const cookiesOf = async (user: Parameters<typeof signInAs>[1]) => {
    const { context } = await signInAs(e2e, user);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    await context.close();
    return cookie;
  };
  const urls: { name: string; page?: string; path: string; cookie?: () => string; budget: number; widths: number[] }[] = [];

  beforeAll(async () => {
    const applicant = await makeUser(e2e.db, { fullName: "Adaeze Okafor" });
    const staff = await makeStaff(e2e);
    const draft = await insertApplication(e2e, applicant.id, { reference: "VA-BUDGET-DRAFT", status: "draft", step: 3 });
    const atDocuments = await insertApplication(e2e, applicant.id, { reference: "VA-BUDGET-DOCS", status: "draft", step: 7 });
    const submitted = await insertApplication(e2e, applicant.id, { reference: "VA-BUDGET-SUBMIT", status: "submitted" });
    const unsigned = await insertApplication(e2e, applicant.id, { reference: "VA-BUDGET-AGREE", status: "submitted", agreement: false });
    const applicantCookie = await cookiesOf(applicant);
    const staffCookie = await cookiesOf(staff);
    urls.push(
      // At a phone's width: a wider window adds the desktop menus' island (no goal; the bench reports it).
      { name: "home", path: "/", budget: MARKETING_BUDGET, widths: [360] },
      { name: "sign-in", page: "auth/SignIn", path: "/signin", budget: BUDGET, widths: [360, 1280] },
      // An invitation link already used (or none): the page that says so, signed out.
      { name: "family invitation", page: "auth/FamilyInvitation", path: "/family/invitation", budget: BUDGET, widths: [360, 1280] },
      { name: "dashboard", page: "portal/Dashboard", path: "/dashboard", cookie: () => applicantCookie, budget: BUDGET, widths: [360, 1280] },
      {
        name: "wizard (a draft's step 3)",
        page: "portal/Wizard",
        path: `/visa-application/${draft}`,
        cookie: () => applicantCookie,
        budget: BUDGET,
        widths: [360, 1280],
      },
      {
        // The documents step: its list and upload controls load before it is usable (the wizard's heaviest step).
        name: "wizard (a draft's step 7)",
        page: "portal/Wizard",
        path: `/visa-application/${atDocuments}`,
        cookie: () => applicantCookie,
        budget: BUDGET,
        widths: [360, 1280],
      },
      {
        name: "details",
        page: "portal/Details",
        path: `/application/${submitted}`,
        cookie: () => applicantCookie,
        budget: BUDGET,
        widths: [360, 1280],
      },
      { name: "payment", page: "portal/Payment", path: `/payment/${submitted}`, cookie: () => applicantCookie, budget: BUDGET, widths: [360, 1280] },
      {
        name: "service agreement",
        page: "portal/Agreement",
        path: `/application/${unsigned}/agreement`,
        cookie: () => applicantCookie,
        budget: BUDGET,
        widths: [360, 1280],
      },
      {
        name: "family group",
        page: "portal/Family",
        path: `/application/${draft}/family`,
        cookie: () => applicantCookie,
        budget: BUDGET,
        widths: [360, 1280],
      },
      { name: "staff queue", page: "admin/Applications", path: "/admin", cookie: () => staffCookie, budget: BUDGET, widths: [360, 1280] },
      {
        name: "staff review of an application",
        page: "admin/ApplicationReview",
        path: `/admin/application/${submitted}`,
        cookie: () => staffCookie,
        budget: BUDGET,
        widths: [360, 1280],
      },
    );
  }, 60_000);

  it("every page measured in Chromium (signed-in pages at 360 and 1280 px) requests no more than its goal before its hydrated mark", async () => {
    const over: string[] = [];
    const figures: string[] = [];
    for (const { name, page, path: at, cookie, budget, widths } of urls) {
      for (const width of widths) {
        const { gz, files } = await measureScriptBeforeUsable(e2e.browser, `${e2e.url}${at}`, { cookie: cookie?.(), width, page });
        figures.push(`${name} at ${width} px: ${kb(gz)}, ${files.length} files${process.env.BUDGET_FILES ? `: ${files.join(" ")}` : ""}`);
        if (gz > budget) over.push(`${name} at ${width} px: ${kb(gz)} in ${files.join(" ")}`);
      }
    }
    console.log(figures.join("\n"));
    expect(over).toEqual([]);
    // Seventeen page loads one after another: a loaded machine takes over a minute (bytes are measured, not time).
  }, 240_000);

  it.each(signedIn)("%s: its entry and preloads from the build are at most 90 KB gzip", (page) => {
    const { gz, files } = fromBuild(page);
    expect(gz, `${page}: ${kb(gz)} in ${files.join(" ")}`).toBeLessThanOrEqual(BUDGET);
  });

  it("no signed-in page loads Radix (the toasts' code comes with the first toast), react-router's own code or lucide's runtime", () => {
    for (const page of signedIn) {
      for (const file of fromBuild(page).files) {
        const source = readFileSync(path.join(CLIENT_DIST, file), "utf8");
        // Radix's ids and attributes, react-router's own error message (the browser has client/router.tsx) and an
        // attribute only lucide-react's icon builder writes (the views' icons are plain SVG: views/components/ui/icons/).
        expect(source, `${page} loads ${file}`).not.toMatch(/radix|You cannot render a <Router> inside another <Router>|non-scaling-stroke/);
      }
    }
  });
});
