// The analytics page in the browser at 1280 and 360 px: the charts are images named by their titles with their numbers
// in a table, the funnel and the per-officer table read in order, axe finds nothing serious, and the page never
// scrolls sideways. Screenshots of both widths are written to the system's temporary folder.
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../helpers/axe.ts";
import { e2eEnabled, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser } from "../helpers/factories.ts";

const e2e = setupE2E();
const DAY = 86_400_000;

describe.skipIf(!e2eEnabled)("analytics in the browser", () => {
  beforeAll(async () => {
    const applicant = await makeUser(e2e.db, { fullName: "Ngozi Eze" });
    const officer = await makeUser(e2e.db, { officer: true, fullName: "Ada Obi" });
    const rows = Array.from({ length: 30 }, (_, i) => {
      const created = new Date(Date.now() - (i * 2 + 1) * DAY);
      const status = ["draft", "submitted", "under_review", "approved", "rejected"][i % 5];
      const paid = status === "under_review" || status === "approved";
      return {
        user_id: applicant.id,
        reference_number: `VA-2026-AN${String(i).padStart(4, "0")}`,
        visa_type: ["tourist", "study", "work"][i % 3],
        status,
        created_at: created,
        submitted_at: status === "draft" ? null : new Date(created.getTime() + DAY / 2),
        status_since: new Date(created.getTime() + DAY),
        assignee_id: status === "draft" ? null : officer.id,
        payment_status: paid ? "paid" : "pending",
        amount_paid: paid ? 150 : null,
        payment_reference: paid ? `PAY-AN-${i}` : null,
      };
    });
    const apps = await e2e.db("visa_applications").insert(rows).returning(["id", "created_at", "payment_status", "payment_reference"]);
    // The paid ones' payments, in Naira: the revenue chart draws them.
    await e2e.db("payments").insert(
      apps
        .filter((a) => a.payment_status === "paid")
        .map((a) => ({
          application_id: a.id,
          user_id: applicant.id,
          provider: "demo",
          currency: "NGN",
          amount_minor: 232_500_00,
          fee_usd_cents: 15_000,
          quote_expires_at: a.created_at,
          reference: a.payment_reference,
          receipt_code: `R-${a.payment_reference}`,
          state: "paid",
          paid_at: new Date(a.created_at.getTime() + DAY),
        })),
    );
  });

  it("draws the charts with their tables, the funnel and the workload at 1280 and 360 px", async () => {
    const { page, problems, context } = await signInAs(e2e, await makeStaff(e2e, { fullName: "Folake Adeyemi" }));
    await page.goto(`${e2e.url}/admin/analytics`);
    await page.getByRole("heading", { name: "Analytics", level: 1 }).waitFor();
    await page.getByRole("img", { name: "Applications started and submitted per week, last 12 weeks" }).waitFor();
    await page.getByRole("img", { name: "Revenue per month in Naira, last 12 months" }).waitFor();
    await page.getByRole("columnheader", { name: "Started" }).waitFor();
    const funnel = page.getByRole("list", { name: "Applications funnel" }).getByRole("listitem");
    expect((await funnel.allInnerTexts()).map((t) => t.split("\n")[0])).toEqual(["Started (draft)", "Submitted", "Paid", "Decided"]);
    const ada = page.getByRole("table", { name: "Per officer" }).getByRole("row", { name: /Ada Obi/ });
    expect(await ada.innerText()).toMatch(/Ada Obi\s+Case officer\s+12\s+\d+\s+\d+\s+/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(tmpdir(), "analytics-1280.png"), fullPage: true });

    await page.setViewportSize({ width: 360, height: 780 });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: path.join(tmpdir(), "analytics-360.png"), fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});
