// Part 5: the script each page requests before it is usable (measured in Chromium) and its CSS, and Lighthouse
// (mobile) on the real pages under two profiles, the default one and a 3G low-end phone: each page in a browser of
// its own, signed in with a session of its own, median of 5 runs, beside a bare control page.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Knex } from "knex";
import { hashPassword } from "../../server/auth/passwords.ts";
import { issueInvitationToken } from "../../server/models/familyInvitations.ts";
import { CLIENT_DIST, manifestAssets } from "../../server/render/assets.ts";
import { FULL_CHROMIUM_PATH, launchBrowser } from "../../test/helpers/browser.ts";
import { measureScriptBeforeUsable } from "../../test/helpers/scriptBeforeUsable.ts";
import { signedAgreement } from "../../test/helpers/signatures.ts";
import { enrolStaff, type Row, type Section, signIn } from "../lib.ts";
import { DEFAULT_PROFILE, type LhRun, LOW_END_3G, measurePage, type Profile, topCosts } from "./lighthouse.ts";

/** The bytes of built files, raw and gzip. */
function sizeOf(files: Iterable<string>) {
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const b = readFileSync(path.join(CLIENT_DIST, f));
    raw += b.length;
    gz += gzipSync(b, { level: 9 }).length;
  }
  return { raw, gz };
}

/** What a window at desktop width fetches on top of a marketing page: the desktop menus' island (client/islands.ts). */
function desktopMenuBytes(page: string) {
  const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIST, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const assets = manifestAssets().forPage(page);
  const counted = new Set([...assets.scripts, ...assets.preloads]);
  const extra = new Set<string>();
  const collect = (key: string) => {
    const chunk = manifest[key];
    const file = chunk && `/${chunk.file}`;
    if (!file || counted.has(file) || extra.has(file)) return;
    extra.add(file);
    for (const i of chunk.imports ?? []) collect(i);
  };
  const menus = Object.keys(manifest).find((key) => key.endsWith("DesktopNav.tsx") || manifest[key].file.includes("/DesktopNav-"));
  if (menus) collect(menus);
  collect("client/island-root.tsx");
  return sizeOf(extra);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const s = (msValue: number) => `${(msValue / 1000).toFixed(2)} s`;

const CONTROL = "control page (heading and paragraph, no stylesheet, no script)";
/**
 * The control page with the header sign-in, the portal and the admin panel send (docs/decisions.md): entered from
 * another page (Lighthouse starts from about:blank), it gets a new browsing context group, a fresh renderer and
 * script context, whose set-up is one long task Lighthouse counts after the first paint. It is the floor of those
 * pages' blocking time; the marketing pages do not send it.
 */
const CONTROL_COOP = "control page with Cross-Origin-Opener-Policy: same-origin";
const CONTROL_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<title>Control</title></head><body><h1>Visa help in Lagos</h1><p>${"Visa consultation and travel services. ".repeat(10)}</p></body></html>`;

/** Serves the control page on loopback: the same Lighthouse settings on a page with nothing to cut. */
async function controlServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const coop = req.url === "/coop" ? { "cross-origin-opener-policy": "same-origin" } : {};
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache", ...coop });
    res.end(CONTROL_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

interface Target {
  name: string;
  url: string;
  /** The registry's page name (its script from the build), none for the control page. */
  page?: string;
  /** Signs in afresh for this page: its own session cookie. */
  signIn?: () => Promise<string>;
}

/** An applicant with a draft on its third step and a submitted, unpaid application; a staff member with two-factor. */
async function seedAccounts(
  base: string,
  db: Knex,
): Promise<{
  applicant: () => Promise<string>;
  invited: () => Promise<string>;
  staff: () => Promise<string>;
  draft: string;
  submitted: string;
  approved: string;
  unsigned: string;
}> {
  const password = "bench-password-long";
  const password_hash = await hashPassword(password);
  const [applicant] = await db("users").insert({ email: "weight-applicant@example.com", full_name: "Adaeze Okafor", password_hash }).returning("id");
  const [staff] = await db("users").insert({ email: "weight-staff@example.com", full_name: "Staff Bench", password_hash }).returning(["id", "email"]);
  await enrolStaff(db, staff);
  const app = (status: string, step: number, reference: string, destination = "Canada") => ({
    user_id: applicant.id,
    reference_number: reference,
    visa_type: "tourist",
    status,
    current_step: step,
    full_name: "Adaeze Okafor",
    destination_country: destination,
    submitted_at: status === "draft" ? null : new Date(),
  });
  const [draft] = await db("visa_applications")
    .insert(app("draft", 3, "VA-WEIGHT-DRAFT"))
    .returning("id");
  const [submitted] = await db("visa_applications")
    .insert(app("submitted", 8, "VA-WEIGHT-SUBMIT"))
    .returning("id");
  // The submitted one's service agreement signed, so its payment page offers every way to pay; another one's to sign.
  await signedAgreement(db, submitted.id);
  const [unsigned] = await db("visa_applications")
    .insert(app("submitted", 8, "VA-WEIGHT-AGREE"))
    .returning("id");
  // An approved case for the United Kingdom: its answer sheet is there to sign.
  const [approved] = await db("visa_applications")
    .insert(app("approved", 8, "VA-WEIGHT-SIGN", "United Kingdom"))
    .returning("id");
  // The draft's family: a spouse invited to their own sign-in, whose link a signed-out visitor has just opened.
  const [spouse] = await db("visa_applications")
    .insert({ ...app("draft", 2, "VA-WEIGHT-SPOUSE"), full_name: "Emeka Okafor", group_lead_id: draft.id, group_relation: "spouse" })
    .returning("id");
  const [invitation] = await db("family_invitations")
    .insert({ application_id: spouse.id, email: "emeka.okafor@example.com", invited_by: applicant.id, expires_at: new Date(Date.now() + 86_400_000) })
    .returning("id");
  const token = await issueInvitationToken(db, invitation.id);
  return {
    applicant: async () => (await signIn(base, "weight-applicant@example.com", password)).cookie,
    invited: async () => {
      const opened = await fetch(`${base}/family/invitation?token=${token}`, { redirect: "manual" });
      return opened.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    },
    staff: async () => (await signIn(base, staff.email, password)).cookie,
    draft: draft.id,
    submitted: submitted.id,
    approved: approved.id,
    unsigned: unsigned.id,
  };
}

function lighthouseRows(profile: Profile, name: string, r: LhRun, controlLcp: number): Row[] {
  const low = profile === LOW_END_3G;
  const lcpGoal = low ? controlLcp * 1.3 : 1200;
  return [
    { figure: `${name}: score`, value: String(r.score), goal: "≥ 98", met: r.score >= 98 },
    {
      figure: `${name}: LCP`,
      value: s(r.lcp),
      goal: low ? `≤ 1.3 × control = ${s(lcpGoal)}` : "≤ 1.2 s",
      met: r.lcp <= lcpGoal,
    },
    { figure: `${name}: TBT`, value: `${r.tbt.toFixed(0)} ms`, goal: low ? "≤ 50 ms" : "≤ 80 ms", met: r.tbt <= (low ? 50 : 80) },
    {
      figure: `${name}: the page's part of TBT: its tasks after FCP by CPU time (bench/parts/lighthouse.ts cpuTasks) · longest`,
      value: `${r.cpu.blockingMs.toFixed(0)} ms · ${r.cpu.longestMs.toFixed(0)} ms`,
      goal: "—",
      met: null,
    },
    { figure: `${name}: CLS`, value: r.cls.toFixed(3), goal: "≤ 0.02", met: r.cls <= 0.02 },
    {
      figure: `${name}: script before usable, measured`,
      value: `${kb(r.scriptBeforeUsable)} gzip`,
      goal: low ? "≤ 90 KB" : "—",
      met: low ? r.scriptBeforeUsable <= 90 * 1024 : null,
    },
    {
      figure: `${name}: FCP · three biggest main-thread costs · benchmarkIndex`,
      value: `${s(r.fcp)} · ${topCosts(r)} · ${r.benchmarkIndex.toFixed(0)}`,
      goal: "—",
      met: null,
    },
  ];
}

export async function pageWeight(base: string, db: Knex, runs = Number(process.env.BENCH_LH_RUNS ?? 5)): Promise<Section[]> {
  const accounts = await seedAccounts(base, db);
  const control = await controlServer();
  const all: Target[] = [
    { name: CONTROL, url: control.url },
    { name: CONTROL_COOP, url: `${control.url}coop` },
    { name: "home", url: `${base}/`, page: "public/Home" },
    { name: "sign-in", url: `${base}/signin`, page: "auth/SignIn" },
    { name: "family invitation", url: `${base}/family/invitation`, page: "auth/FamilyInvitation", signIn: accounts.invited },
    { name: "dashboard", url: `${base}/dashboard`, page: "portal/Dashboard", signIn: accounts.applicant },
    { name: "wizard (a draft's step 3)", url: `${base}/visa-application/${accounts.draft}`, page: "portal/Wizard", signIn: accounts.applicant },
    { name: "details", url: `${base}/application/${accounts.submitted}`, page: "portal/Details", signIn: accounts.applicant },
    { name: "payment", url: `${base}/payment/${accounts.submitted}`, page: "portal/Payment", signIn: accounts.applicant },
    {
      name: "signing the service agreement",
      url: `${base}/application/${accounts.unsigned}/agreement`,
      page: "portal/Agreement",
      signIn: accounts.applicant,
    },
    { name: "family group", url: `${base}/application/${accounts.draft}/family`, page: "portal/Family", signIn: accounts.applicant },
    {
      name: "signing the answer sheet (an approved case)",
      url: `${base}/application/${accounts.approved}/sign`,
      page: "portal/SignSheet",
      signIn: accounts.applicant,
    },
    { name: "staff queue (admin applications list)", url: `${base}/admin`, page: "admin/Applications", signIn: accounts.staff },
    { name: "passports and visas expiring", url: `${base}/admin/expiring`, page: "admin/Expiring", signIn: accounts.staff },
    { name: "WhatsApp inbox", url: `${base}/admin/whatsapp`, page: "admin/WhatsAppInbox", signIn: accounts.staff },
    { name: "outbox (e-mails and phone messages that failed)", url: `${base}/admin/outbox`, page: "admin/Outbox", signIn: accounts.staff },
    { name: "visa centres (settings)", url: `${base}/admin/settings/centres`, page: "admin/CentreSettings", signIn: accounts.staff },
    { name: "appointments calendar (a week)", url: `${base}/admin/appointments?range=week`, page: "admin/Appointments", signIn: accounts.staff },
    { name: "late at the embassy", url: `${base}/admin/late-at-embassy`, page: "admin/LateAtEmbassy", signIn: accounts.staff },
    {
      name: "usual decision times (settings)",
      url: `${base}/admin/settings/decision-times`,
      page: "admin/DecisionTimeSettings",
      signIn: accounts.staff,
    },
    {
      name: "answer sheet (the government's form for a case)",
      url: `${base}/admin/application/${accounts.submitted}/form-sheet`,
      page: "admin/FormSheet",
      signIn: accounts.staff,
    },
  ];
  // BENCH_WEIGHT_ONLY="agreement,answer sheet": only the pages whose names hold one of these words (with the control
  // pages), to measure a page just added without the half hour of the whole part.
  const only = (process.env.BENCH_WEIGHT_ONLY ?? "")
    .split(",")
    .map((w) => w.trim())
    .filter(Boolean);
  const targets = only.length ? all.filter((t) => !t.page || only.some((w) => t.name.includes(w))) : all;

  // Every script the page requests before its hydrated mark (lazy parts its first render shows included), at a phone's
  // width in Chromium, as test/e2e/script-budget.test.ts checks it.
  const bytes: Row[] = [];
  const browser = await launchBrowser(FULL_CHROMIUM_PATH);
  try {
    for (const t of targets) {
      if (!t.page) continue;
      const marketing = t.page.startsWith("public/");
      // A marketing page carries no page data (its islands have their own), so its URL alone says which page it is.
      const b = await measureScriptBeforeUsable(browser, t.url, { cookie: await t.signIn?.(), page: marketing ? undefined : t.page });
      bytes.push({
        figure: `${t.name}: script before usable, measured in Chromium (${b.files.length} files)`,
        value: `${kb(b.gz)} gzip`,
        goal: marketing ? "≤ 60 KB" : "≤ 90 KB",
        met: b.gz <= (marketing ? 60 : 90) * 1024,
      });
    }
  } finally {
    await browser.close();
  }
  const css = sizeOf(manifestAssets().forPage("portal/Dashboard").styles);
  bytes.push({ figure: "every page: CSS raw / gzip", value: `${kb(css.raw)} / ${kb(css.gz)}`, goal: "—", met: null });
  const menus = desktopMenuBytes("public/Home");
  bytes.push({ figure: "home: at desktop width, the menus add JS raw / gzip", value: `${kb(menus.raw)} / ${kb(menus.gz)}`, goal: "—", met: null });
  bytes.push({ figure: "booking page", value: "not built yet", goal: "—", met: null });
  const sections: Section[] = [{ title: "5. Script before a page is usable (measured in Chromium, gzip as served)", rows: bytes }];

  try {
    for (const profile of [DEFAULT_PROFILE, LOW_END_3G]) {
      const rows: Row[] = [];
      let controlLcp = Number.NaN;
      for (const t of targets) {
        const r = await measurePage(t.url, profile, runs, t.signIn);
        if (t.name === CONTROL) {
          // No goal: what Lighthouse gives any page on this machine, the floor the goals are measured against.
          controlLcp = r.lcp;
          rows.push(
            { figure: `${CONTROL}: FCP / LCP`, value: `${s(r.fcp)} / ${s(r.lcp)}`, goal: "—", met: null },
            {
              figure: `${CONTROL}: TBT · three biggest main-thread costs · benchmarkIndex`,
              value: `${r.tbt.toFixed(0)} ms · ${topCosts(r)} · ${r.benchmarkIndex.toFixed(0)}`,
              goal: "—",
              met: null,
            },
            {
              figure: `${CONTROL}: its part of TBT by CPU time · longest task`,
              value: `${r.cpu.blockingMs.toFixed(0)} ms · ${r.cpu.longestMs.toFixed(0)} ms`,
              goal: "—",
              met: null,
            },
          );
          continue;
        }
        if (t.name === CONTROL_COOP) {
          rows.push({
            figure: `${CONTROL_COOP}: TBT · its part by CPU time · longest task`,
            value: `${r.tbt.toFixed(0)} ms · ${r.cpu.blockingMs.toFixed(0)} ms · ${r.cpu.longestMs.toFixed(0)} ms`,
            goal: "—",
            met: null,
          });
          continue;
        }
        rows.push(...lighthouseRows(profile, t.name, r, controlLcp));
      }
      sections.push({ title: `5. Lighthouse, mobile, ${profile.name}: simulated throttling, median of ${runs}, a browser per page`, rows });
    }
  } finally {
    await control.close();
  }
  return sections;
}
