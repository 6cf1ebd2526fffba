// Changing the account's e-mail: the current password, a link to the new address, a notice to the old one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../server/middleware/rateLimit.ts";
import { newClient } from "../helpers/app.ts";
import { makeUser, signedIn, type TestUser } from "../helpers/factories.ts";
import { createMailTestApp, type MailTestApp } from "../helpers/mail.ts";

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp();
});
afterAll(() => t.close());

const linkOf = (links: string[], path: string) => links.find((l) => l.includes(`${path}?token=`)) ?? "";
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
const messagesOf = async (user: TestUser) => Number((await t.db("email_messages").where({ user_id: user.id }).count({ n: "*" }).first())?.n);

describe("changing the account's e-mail", () => {
  it("refuses a wrong password, the same or a taken address and a malformed one, and sends nothing", async () => {
    const user = await makeUser(t.db, { email: "kemi.a@example.com" });
    await makeUser(t.db, { email: "taken@example.com" });
    const client = await signedIn(t.app, user);
    const cases: [object, string, string][] = [
      [{ email: "kemi.new@example.com", password: "wrong-password" }, "password", "Password is incorrect"],
      [{ email: "KEMI.A@example.com", password: user.password }, "email", "This is already your e-mail address"],
      [{ email: "not-an-address", password: user.password }, "email", "Enter a valid email address"],
      [{ email: "kemi.new@example.com" }, "password", "Enter your current password"],
    ];
    for (const [body, field, message] of cases) {
      const res = await client.post("/api/account/email", body).expect(400);
      expect(res.body.error.fields[field]).toBe(message);
    }
    expect(await messagesOf(user)).toBe(0);
    expect((await t.db("users").where({ id: user.id }).first("email")).email).toBe("kemi.a@example.com");
    const guest = await newClient(t.app);
    await guest.post("/api/account/email", { email: "x@example.com", password: "whatever" }).expect(401);
  });

  it("e-mails a link to the new address and a notice to the old; the link changes it once, and old links die", async () => {
    const user = await makeUser(t.db, { fullName: "Tobi Ade", email: "tobi.old@example.com" });
    const client = await signedIn(t.app, user);
    // A reset link already on its way to the old address must not outlive the change.
    await (await newClient(t.app)).form("/forgot-password", { email: "tobi.old@example.com" }).expect(303);
    const [reset] = await t.smtp.waitFor((m) => m.to.includes("tobi.old@example.com") && m.subject === "Reset your password");

    const asked = await client.post("/api/account/email", { email: "tobi.new@example.com", password: user.password }).expect(200);
    expect(asked.body.message).toContain("tobi.new@example.com");
    const [confirm] = await t.smtp.waitFor((m) => m.to.includes("tobi.new@example.com"));
    expect(confirm.subject).toBe("Confirm your new e-mail address");
    const [notice] = await t.smtp.waitFor((m) => m.to.includes("tobi.old@example.com") && m.subject.includes("being changed"));
    expect(notice.text).toContain("tobi.new@example.com");
    expect(linkOf(notice.links, "/confirm-email-change")).toBe("");
    // Nothing changes until the link is followed.
    expect((await t.db("users").where({ id: user.id }).first("email")).email).toBe("tobi.old@example.com");

    const link = pathOf(linkOf(confirm.links, "/confirm-email-change"));
    const done = await client.get(link).expect(303);
    expect(done.headers.location).toBe("/account");
    expect((await client.getJson("/dashboard").expect(200)).body.shared.flash?.title).toBe("E-mail changed");
    const row = await t.db("users").where({ id: user.id }).first("email", "email_confirmed_at");
    expect(row.email).toBe("tobi.new@example.com");
    expect(row.email_confirmed_at).not.toBeNull();
    expect(await t.db("audit_events").where({ action: "email_changed", subject_id: user.id, actor_id: user.id }).first()).toBeDefined();

    // Used once; the reset link sent to the old address no longer works; sign-in takes the new address only.
    await client.get(link).expect(303);
    expect((await client.getJson("/dashboard").expect(200)).body.shared.flash?.title).toBe("Link not valid");
    const resetLink = new URL(linkOf(reset.links, "/reset-password"));
    const other = await newClient(t.app);
    await other.get(resetLink.pathname + resetLink.search).expect(303);
    await other.post("/reset-password", { password: "another-strong-pass-7" }).expect(410);
    await other.post("/signin", { email: "tobi.old@example.com", password: user.password }).expect(401);
    await other.post("/signin", { email: "tobi.new@example.com", password: user.password }).expect(200);
  });

  it("answers an address that has an account as any other, sending no link; that address's owner is told", async () => {
    const user = await makeUser(t.db, { email: "sade.a@example.com" });
    const owner = await makeUser(t.db, { fullName: "Gbenga Owner", email: "gbenga@example.com" });
    const client = await signedIn(t.app, user);
    const taken = await client.post("/api/account/email", { email: "Gbenga@Example.com", password: user.password }).expect(200);
    const free = await client.post("/api/account/email", { email: "sade.b@example.com", password: user.password }).expect(200);
    expect(taken.body.message.replace("Gbenga@Example.com", "X")).toBe(free.body.message.replace("sade.b@example.com", "X"));
    const [told] = await t.smtp.waitFor((m) => m.to.includes("gbenga@example.com"));
    expect(told.subject).toBe("Someone asked to use your e-mail address");
    expect(linkOf(told.links, "/confirm-email-change")).toBe("");
    expect(await t.db("email_messages").where({ kind: "email_change_confirm", to_address: "Gbenga@Example.com" }).first()).toBeUndefined();
    expect((await t.db("users").where({ id: owner.id }).first("email")).email).toBe("gbenga@example.com");
  });

  it("limits requests per account, and a right password does not clear the count", async () => {
    const user = await makeUser(t.db);
    const client = await signedIn(t.app, user);
    for (let i = 0; i < LIMITS.emailChangePerAccount.max; i++)
      await client.post("/api/account/email", { email: `try${i}@elsewhere.example`, password: user.password }).expect(200);
    const before = await messagesOf(user);
    const over = await client.post("/api/account/email", { email: "one-more@elsewhere.example", password: user.password }).expect(429);
    expect(over.headers["retry-after"]).toBeDefined();
    expect(await messagesOf(user)).toBe(before);
    expect(await t.db("email_messages").where({ to_address: "one-more@elsewhere.example" }).first()).toBeUndefined();
  });

  it("does not change it when another account took the address before the link was followed", async () => {
    const user = await makeUser(t.db, { email: "ife.old@example.com" });
    const client = await signedIn(t.app, user);
    await client.post("/api/account/email", { email: "ife.new@example.com", password: user.password }).expect(200);
    const [confirm] = await t.smtp.waitFor((m) => m.to.includes("ife.new@example.com"));
    await makeUser(t.db, { email: "Ife.New@example.com" });
    const signedOut = await newClient(t.app);
    const res = await signedOut.get(pathOf(linkOf(confirm.links, "/confirm-email-change"))).expect(303);
    expect(res.headers.location).toBe("/signin");
    expect((await t.db("users").where({ id: user.id }).first("email")).email).toBe("ife.old@example.com");
  });
});
