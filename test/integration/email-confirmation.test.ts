// Sign-up sends a confirmation link; the dashboard asks until it is followed; staff see whether it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newClient } from "../helpers/app.ts";
import { completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { createMailTestApp, type MailTestApp } from "../helpers/mail.ts";

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp();
});
afterAll(() => t.close());

const tokenOf = (links: string[]) => new URL(links.find((l) => l.includes("/confirm-email?token=")) ?? "http://x/").searchParams.get("token") ?? "";

describe("e-mail confirmation", () => {
  it("sign-up e-mails a link; the banner shows until it is followed; Resend sends a new one", async () => {
    const client = await newClient(t.app);
    await client.post("/signup", { fullName: "Ngozi Eze", email: "ngozi@example.com", password: "secret-pass-1" }).expect(200);
    const [mail] = await t.smtp.waitFor((m) => m.to.includes("ngozi@example.com"));
    expect(mail.subject).toBe("Confirm your e-mail address");
    expect(mail.text).toContain("Dear Ngozi Eze,");
    const dashboard = await client.getJson("/dashboard").expect(200);
    expect(dashboard.body.props.unconfirmedEmail).toBe("ngozi@example.com");

    const resend = await client.post("/api/account/confirmation").expect(200);
    expect(resend.body.message).toContain("ngozi@example.com");
    const both = await t.smtp.waitFor((m) => m.to.includes("ngozi@example.com"), 2);

    const res = await client.get(`/confirm-email?token=${tokenOf(both[1].links)}`).expect(303);
    expect(res.headers.location).toBe("/dashboard");
    expect((await client.getJson("/dashboard").expect(200)).body.props.unconfirmedEmail).toBeNull();
    // The link is single use.
    await client.get(`/confirm-email?token=${tokenOf(both[1].links)}`).expect(303);
    const page = await client.getJson("/dashboard").expect(200);
    expect(page.body.shared.flash?.title).toBe("Link not valid");
  });

  it("staff see 'e-mail not confirmed' beside the applicant", async () => {
    const admin = await makeUser(t.db, { admin: true });
    const applicant = await makeUser(t.db);
    const owner = await signedIn(t.app, applicant);
    const { body } = await owner.post("/api/applications", completeDraft()).expect(201);
    const staff = await signedIn(t.app, admin);
    const html = (await staff.get(`/admin/application/${body.application.id}`).expect(200)).text;
    expect(html).toContain("e-mail not confirmed");
    await t.db("users").where({ id: applicant.id }).update({ email_confirmed_at: t.db.fn.now() });
    expect((await staff.get(`/admin/application/${body.application.id}`).expect(200)).text).not.toContain("e-mail not confirmed");
  });
});
