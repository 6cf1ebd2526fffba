// Plain form posts refused by the origin or CSRF check: the same form again, its message and what was typed (passwords
// aside), at 403 and changing nothing; never the generic error page. The reset form's are in password-reset.test.ts.
import type request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { makeUser } from "../helpers/factories.ts";
import { freshCode } from "../helpers/twoFactor.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.drop());

const CROSS_SITE = "Cross-site request refused.";
const STALE = "Your security token is missing or has expired.";

/** A plain form post from another site's page (what a forged form sends). */
const crossSite = (client: Client, url: string, fields: Record<string, string>) => client.form(url, fields).set("Origin", "https://evil.example");

/** A plain form post without the page's security token (a page kept open too long, or a forged one without the cookie). */
const withoutToken = (client: Client, url: string, fields: Record<string, string>) => client.agent.post(url).type("form").send(fields);

function expectForm(res: request.Response, action: string, message: string) {
  expect(res.status).toBe(403);
  expect(res.text).toContain(`action="${action}"`);
  expect(res.text).toContain(message);
  expect(res.text).not.toContain("Unexpected Application Error!");
}

describe("a refused form post shows the form again", () => {
  it("sign-in: the address kept, never the password, nobody signed in", async () => {
    const user = await makeUser(t.db);
    const client = await newClient(t.app);
    const cross = await crossSite(client, "/signin", { email: user.email, password: user.password, screen: "signin" });
    expectForm(cross, "/signin", CROSS_SITE);
    expect(cross.text).toContain(`value="${user.email}"`);
    expect(cross.text).not.toContain(user.password);
    expectForm(await withoutToken(client, "/signin", { email: user.email, password: user.password }), "/signin", STALE);
    await client.getJson("/api/session").expect(401);
    // The form it shows carries a working token: sent again, it signs in.
    await client.form("/signin", { email: user.email, password: user.password }).expect(303).expect("Location", "/dashboard");
  });

  it("sign-up: the name and address kept, no account made", async () => {
    const client = await newClient(t.app);
    const fields = { fullName: "Kemi Forged", email: "kemi.forged@example.com", password: "Lagoon-Harmattan-Ferry-42", screen: "signup" };
    const cross = await crossSite(client, "/signup", fields);
    expectForm(cross, "/signup", CROSS_SITE);
    expect(cross.text).toContain('value="Kemi Forged"');
    expect(cross.text).toContain('value="kemi.forged@example.com"');
    expect(cross.text).not.toContain(fields.password);
    expectForm(await withoutToken(client, "/signup", fields), "/signup", STALE);
    expect(await t.db("users").where({ email: fields.email }).first()).toBeUndefined();
  });

  it("/auth: the same two-tab page, on the tab that was sent", async () => {
    const client = await newClient(t.app);
    const signIn = await crossSite(client, "/signin", { email: "tab@example.com", password: "whatever-1", screen: "auth", next: "/apply" });
    expectForm(signIn, "/signin", CROSS_SITE);
    expect(signIn.text).toContain("Welcome Back");
    expect(signIn.text).toContain('value="/apply"');
    const signUp = await crossSite(client, "/signup", { fullName: "Tab Person", email: "tab@example.com", password: "x", screen: "auth" });
    expectForm(signUp, "/signup", CROSS_SITE);
    expect(signUp.text).toContain("Start Your Journey");
    expect(signUp.text).toContain('value="Tab Person"');
  });

  it("two-factor code: the code form, the sign-in still waiting for its code", async () => {
    const user = await makeUser(t.db, { twoFactor: true });
    const client = await newClient(t.app);
    await client.form("/signin", { email: user.email, password: user.password }).expect(303).expect("Location", "/signin/code");
    expectForm(await crossSite(client, "/signin/code", { code: "123456" }), "/signin/code", CROSS_SITE);
    expectForm(await withoutToken(client, "/signin/code", { code: "123456" }), "/signin/code", STALE);
    await client.getJson("/api/session").expect(401);
    await client
      .form("/signin/code", { code: await freshCode(user.totpSecret ?? "") })
      .expect(303)
      .expect("Location", "/dashboard");
  });

  it("forgot password: the address kept, no e-mail queued", async () => {
    const user = await makeUser(t.db);
    const client = await newClient(t.app);
    const cross = await crossSite(client, "/forgot-password", { email: user.email });
    expectForm(cross, "/forgot-password", CROSS_SITE);
    expect(cross.text).toContain(`value="${user.email}"`);
    expectForm(await withoutToken(client, "/forgot-password", { email: user.email }), "/forgot-password", STALE);
    expect(await t.db("email_messages").where({ to_address: user.email })).toHaveLength(0);
  });

  it("contact: everything typed kept, no enquiry stored", async () => {
    const client = await newClient(t.app);
    const fields = { name: "Ada Forged", email: "ada.forged@example.com", phone: "0802 555 0000", message: "Forged from elsewhere", package: "" };
    const cross = await crossSite(client, "/contact", fields);
    expectForm(cross, "/contact", CROSS_SITE);
    for (const value of ["Ada Forged", "ada.forged@example.com", "0802 555 0000", "Forged from elsewhere"]) expect(cross.text).toContain(value);
    expect(await t.db("enquiries").where({ email: fields.email })).toHaveLength(0);
  });

  it("still answers a JSON call with the API's error", async () => {
    const client = await newClient(t.app);
    const res = await client.post("/signin", { email: "json@example.com", password: "whatever-1" }).set("Origin", "https://evil.example").expect(403);
    expect(res.body).toEqual({ error: { message: CROSS_SITE } });
  });
});
