// An applicant's own account number in the browser: the payment page says it is being opened, then shows the bank,
// number and name with the exact amount; a transfer into it pays the fee with no step of the applicant's or staff's.
// A transfer that matches no single amount owed is on staff's Payments page, where a manager closes it with a note.
import { beforeAll, describe, expect, it } from "vitest";
import { atBothWidths } from "../helpers/axe.ts";
import { e2eEnabled, insertApplication, makeStaff, setupE2E, signInAs } from "../helpers/e2e.ts";
import { makeUser, type TestUser } from "../helpers/factories.ts";
import { freePort } from "../helpers/server.ts";
import { type LocalPaystack, startLocalPaystack } from "../paystack/server.ts";

const env: Record<string, string> = {};
let paystack: LocalPaystack | undefined;
beforeAll(async () => {
  if (!e2eEnabled) return;
  paystack = await startLocalPaystack();
  const port = await freePort();
  Object.assign(env, {
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PAYMENT_PROVIDERS: "paystack,demo",
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_PUBLIC_KEY: paystack.publicKey,
    PAYSTACK_API_URL: paystack.url,
    PAYSTACK_DEDICATED_ACCOUNTS: "true",
    PAYSTACK_DEDICATED_BANK: "test-bank",
  });
  return () => paystack?.stop();
});
const e2e = setupE2E(env);
let applicant: TestUser;

beforeAll(async () => {
  if (!e2eEnabled) return;
  paystack?.setWebhookUrl(`${e2e.url}/webhooks/paystack`);
  applicant = await makeUser(e2e.db, { fullName: "Chidi Okeke" });
});

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error("timed out waiting");
};

describe.skipIf(!e2eEnabled)("an applicant's own account number", () => {
  it("is shown on the payment page, and a transfer of the exact amount pays the fee by itself", async () => {
    const id = await insertApplication(e2e, applicant.id, { reference: "VA-2026-OWNACC", status: "submitted" });
    const { page, problems, context } = await signInAs(e2e, applicant);
    await page.goto(`${e2e.url}/payment/${id}`);
    await page.getByRole("heading", { name: "Pay into your own account number" }).waitFor();
    await until(async () => (await e2e.db("dedicated_accounts").where({ user_id: applicant.id, state: "assigned" }).first()) !== undefined);
    await page.reload();
    const account = paystack?.dedicatedAccounts()[0];
    await page.getByText(`Your own account for this consultancy: Test Bank, ${account?.accountNumber}, ${account?.accountName}`).waitFor();
    await page.getByText("Transfer exactly ₦232,500 from any bank app", { exact: false }).waitFor();
    await atBothWidths(page, "payment-own-account");
    await paystack?.transfer(account?.accountNumber as string, 232_500 * 100);
    await until(async () => (await e2e.db("visa_applications").where({ id }).first()).payment_status === "paid");
    await page.goto(`${e2e.url}/application/${id}`);
    await page.getByText("Paid", { exact: true }).waitFor();
    await page.getByRole("link", { name: "View receipt" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a transfer that matches no single amount owed is on staff's Payments page until a manager closes it", async () => {
    const owner = await makeUser(e2e.db, { fullName: "Bisi Adeyemi" });
    const first = await insertApplication(e2e, owner.id, { reference: "VA-2026-HELD01", status: "submitted" });
    await insertApplication(e2e, owner.id, { reference: "VA-2026-HELD02", status: "submitted" });
    const signed = await signInAs(e2e, owner);
    await signed.page.goto(`${e2e.url}/payment/${first}`);
    await until(async () => (await e2e.db("dedicated_accounts").where({ user_id: owner.id, state: "assigned" }).first()) !== undefined);
    // Two fees owed: the page says a transfer to the account is checked by staff.
    await signed.page.reload();
    await signed.page.getByText("You owe fees on more than one application", { exact: false }).waitFor();
    await signed.context.close();
    const number = (await e2e.db("dedicated_accounts").where({ user_id: owner.id }).first()).account_number;
    const reference = await paystack?.transfer(number, 232_500 * 100);
    await until(async () => (await e2e.db("dedicated_transfers").where({ reference }).first()) !== undefined);

    const manager = await makeStaff(e2e, { fullName: "Funmi Manager" });
    const { page, problems, context } = await signInAs(e2e, manager);
    await page.goto(`${e2e.url}/admin/payments`);
    const section = page.getByRole("region", { name: "Needs attention: transfers to applicants' own accounts" });
    await section.getByText("owes fees on 2 applications", { exact: false }).waitFor();
    await section.getByText(reference as string, { exact: true }).waitFor();
    await atBothWidths(page, "payments-held-transfer");
    await section.locator("summary").click();
    await section.getByLabel("What was done with the money (applied by hand, refunded)?").fill("Refunded in Paystack's dashboard");
    await section.getByRole("button", { name: "Close held transfer" }).click();
    await page.getByText("Held transfer closed", { exact: true }).waitFor();
    expect(await page.getByRole("region", { name: "Needs attention: transfers to applicants' own accounts" }).count()).toBe(0);
    expect((await e2e.db("dedicated_transfers").where({ reference }).first()).outcome).toBe("closed");
    expect(problems).toEqual([]);
    await context.close();
  });
});
