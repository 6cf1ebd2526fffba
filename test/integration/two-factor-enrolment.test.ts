// Changing two-factor takes the account's owner, not only an open session: the password (or a sign-in a few minutes
// old), and for staff the one-time set-up link ops gave them. Its own file: the sign-ins here would pass the per-network
// limit of two-factor.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "../../server/models/accountTokens.ts";
import { createTestApp, newClient, type TestApp } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";
import { anchors, between } from "../helpers/html.ts";
import { freshCode } from "../helpers/twoFactor.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.drop());

const secretOf = (props: { secret: string }) => props.secret.replace(/\s/g, "");

describe("changing two-factor needs the owner, not only an open session", () => {
  /** Makes the session look signed in `minutes` ago. */
  const signedInAgo = (userId: string, minutes: number) =>
    t.db.raw(
      "UPDATE user_sessions SET sess = jsonb_set(sess::jsonb, '{startedAt}', to_jsonb(?::bigint))::json WHERE sess #>> '{passport,user}' = ?",
      [Date.now() - minutes * 60_000, userId],
    );

  it("asks for the password once the sign-in is more than five minutes old, and refuses a wrong one", { timeout: 70_000 }, async () => {
    const user = await makeUser(t.db);
    const client = await signedIn(t.app, user);
    await signedInAgo(user.id, 6);
    const page = await client.getJson("/account/two-factor").expect(200);
    expect(page.body.props.passwordNeeded).toBe(true);
    const secret = secretOf(page.body.props);
    // The password is checked before the code, so these cases spend no code.
    const missing = await client.post("/api/account/two-factor", { code: "000000" }).expect(400);
    expect(missing.body.error.fields.password).toBe("Enter your current password");
    const wrong = await client.post("/api/account/two-factor", { code: "000000", password: "not-my-password" }).expect(400);
    expect(wrong.body.error.fields.password).toBe("Password is incorrect");
    expect((await t.db("users").where({ id: user.id }).first("totp_enabled_at")).totp_enabled_at).toBeNull();
    await client.post("/api/account/two-factor", { code: await freshCode(secret), password: user.password }).expect(200);
    // Renewing recovery codes asks for it too.
    await signedInAgo(user.id, 6);
    const renew = await client.post("/api/account/two-factor/recovery-codes", { code: "000000" }).expect(400);
    expect(renew.body.error.fields.password).toBe("Enter your current password");
    await client.post("/api/account/two-factor/recovery-codes", { code: await freshCode(secret), password: user.password }).expect(200);
  });
});

describe("staff enrolment from the set-up link", () => {
  it("coming from the set-up link signed out, sign in and land on enrolment with the link kept", async () => {
    const admin = await makeUser(t.db, { admin: true, twoFactor: false });
    const token = (await issueToken(t.db, admin.id, "staff_enrol")) ?? "";
    const client = await newClient(t.app);
    const bounce = await client.get(`/account/two-factor?enrol=${token}`).expect(303);
    const next = new URL(bounce.headers.location, "http://x").searchParams.get("next") ?? "";
    const res = await client.post("/signin", { email: admin.email, password: admin.password, screen: "auth", next }).expect(200);
    expect(res.body.redirect).toBe(`/account/two-factor?enrol=${token}`);
    await client.get(res.body.redirect).expect(303);
    expect((await client.getJson("/account/two-factor").expect(200)).body.props.needsLink).toBeUndefined();
  });
});

describe("the header of a staff member who has not enrolled yet", () => {
  /** The header's links on a page, as the server renders them (what a person sees before any script). */
  const headerLinks = async (client: Awaited<ReturnType<typeof signedIn>>, url: string) =>
    anchors(between((await client.get(url).expect(200)).text, "<header", "</header>")).map((a) => `${a.text} → ${a.href}`);

  it("offers enrolment as the next step instead of an Admin Panel link that bounces back", async () => {
    const officer = await signedIn(t.app, await makeUser(t.db, { officer: true, twoFactor: false }));
    for (const url of ["/dashboard", "/account/two-factor"]) {
      const links = await headerLinks(officer, url);
      expect(links).toContain("Next: two-factor sign-in → /account/two-factor");
      expect(links.some((l) => l.endsWith("→ /admin"))).toBe(false);
    }
    // The panel itself still waits for two-factor, and sends the person to enrol.
    expect((await officer.get("/admin").expect(303)).headers.location).toBe("/account/two-factor");

    const enrolled = await signedIn(t.app, await makeUser(t.db, { officer: true }));
    const links = await headerLinks(enrolled, "/dashboard");
    expect(links).toContain("Admin Panel → /admin");
    expect(links.some((l) => l.startsWith("Next: two-factor"))).toBe(false);
  });
});
