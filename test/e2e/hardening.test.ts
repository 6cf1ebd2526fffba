// Hostile text in the hydrated pages: no payload may ever run (a dialog would mean script execution).
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../server/auth/passwords.ts";
import { openPage } from "../helpers/browser.ts";
import { e2eEnabled, setupE2E } from "../helpers/e2e.ts";
import { completeDraft } from "../helpers/factories.ts";

const e2e = setupE2E();
const PAYLOADS = ["</script><script>alert(1)</script>", '"><img src=x onerror=alert(1)>'];

describe.skipIf(!e2eEnabled)("XSS in the browser", () => {
  it("shows hostile names, addresses and purposes as text on the portal pages", async () => {
    const [user] = await e2e
      .db("users")
      .insert({ email: "xss@example.com", full_name: PAYLOADS[1], password_hash: await hashPassword("xss-password") })
      .returning("id");
    const appIds: string[] = [];
    for (const [i, payload] of PAYLOADS.entries()) {
      const draft = completeDraft({ full_name: payload, address: payload, travel_purpose: payload, destination_country: payload });
      const { visa_specific_data, ...fields } = draft;
      const [row] = await e2e
        .db("visa_applications")
        .insert({ ...fields, visa_specific_data: JSON.stringify(visa_specific_data), user_id: user.id, reference_number: `VA-XSS-${i}` })
        .returning("id");
      appIds.push(row.id);
    }
    const { page, problems, context } = await openPage(e2e.browser);
    const dialogs: string[] = [];
    page.on("dialog", async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
    await page.goto(`${e2e.url}/signin`);
    await page.getByLabel("Email").fill("xss@example.com");
    await page.getByLabel("Password").fill("xss-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${e2e.url}/dashboard`);
    for (const id of appIds) {
      for (const path of [`/visa-application/${id}/review`, `/application/${id}`, `/visa-application/${id}?step=4`, "/dashboard"]) {
        await page.goto(`${e2e.url}${path}`);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      }
    }
    await page.goto(`${e2e.url}/visa-application/${appIds[0]}/review`);
    expect(await page.getByText(PAYLOADS[0]).count()).toBeGreaterThan(0);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => document.querySelectorAll("img[src=x]").length)).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
