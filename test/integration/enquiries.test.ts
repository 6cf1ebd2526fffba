// The contact form becomes an enquiry: validation, honeypot, limit, both e-mails, the admin inbox and replies.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContent } from "../../server/mail/messages.ts";
import { bodyText } from "../../server/mail/templates/text.ts";
import { newClient } from "../helpers/app.ts";
import { makeUser, signedIn } from "../helpers/factories.ts";
import { createMailTestApp, type MailTestApp } from "../helpers/mail.ts";

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp({ STAFF_NOTIFY_EMAIL: "office@example.com" });
});
afterAll(() => t.close());

const visitor = { name: "Tunde Bakare", email: "tunde@example.com", phone: "0803 123 4567", message: "I need a UK visitor visa in June." };

describe("contact form", () => {
  it("stores the enquiry, acknowledges the visitor and tells the office", async () => {
    const client = await newClient(t.app);
    const res = await client.post("/contact", { ...visitor, package: "Dubai Getaway" }).expect(200);
    expect(res.body).toEqual({ title: "Message Sent!", description: "We'll get back to you within 24 hours." });
    const [ack] = await t.smtp.waitFor((m) => m.to.includes("tunde@example.com"));
    expect(ack.subject).toBe("We have received your message");
    expect(ack.text).toContain("One of our consultants will get back to you within 24 hours.");
    const [office] = await t.smtp.waitFor((m) => m.to.includes("office@example.com"));
    expect(office.subject).toBe("New enquiry from Tunde Bakare (Dubai Getaway)");
    expect(office.text).toContain("+2348031234567");
    expect(office.headers.get("reply-to")).toMatchObject({ text: "tunde@example.com" });
    const row = await t.db("enquiries").where({ email: "tunde@example.com" }).first();
    expect(row).toMatchObject({ phone: "+2348031234567", package: "Dubai Getaway", status: "new" });
    expect(office.links.some((l) => l.endsWith(`/admin/enquiries/${row.id}`))).toBe(true);
  });

  it("acknowledges in the site's words only: never the message, the name or a package that is not ours", async () => {
    const client = await newClient(t.app);
    const spam = {
      name: "Cheap pills at spam.example",
      email: "victim@example.com",
      phone: "0803 123 4567",
      message: "Buy now: https://spam.example/offer",
    };
    await client
      .post("/contact", { ...spam, package: "Visit spam.example today" })
      .set("X-Forwarded-For", "203.0.113.7")
      .expect(200);
    const [ack] = await t.smtp.waitFor((m) => m.to.includes("victim@example.com"));
    expect(ack.text).toMatch(/^Hello,\n\nThank you for contacting us\./);
    for (const part of [ack.text, ack.html, ack.subject]) expect(part).not.toMatch(/spam|pills|Buy now/i);
    const [queued] = await t.db("email_messages").where({ kind: "enquiry_received", to_address: "victim@example.com" });
    expect(JSON.stringify(queued.data)).not.toMatch(/spam|pills/i);
    // The message itself has no place for the name or the words, whatever data it is given.
    const words = bodyText(buildContent("enquiry_received", spam, { url: (p) => p }));
    expect(words).not.toMatch(/spam|pills|Buy now/i);
    // The office still reads every word.
    const [office] = await t.smtp.waitFor((m) => m.subject === `New enquiry from ${spam.name} (Visit spam.example today)`);
    expect(office.text).toContain(spam.message);

    await client.post("/contact", { ...visitor, email: "booker@example.com", package: "Dubai Luxury Escape" }).set("X-Forwarded-For", "203.0.113.7");
    const [booked] = await t.smtp.waitFor((m) => m.to.includes("booker@example.com") && m.subject === "We have received your message");
    expect(booked.text).toContain("Package: Dubai Luxury Escape");
    expect(booked.text).not.toContain(visitor.message);
  });

  it("acknowledges one address 3 times a day: a 4th enquiry is kept and answered the same, with no e-mail to that address", async () => {
    const client = await newClient(t.app);
    const ip = "203.0.113.8";
    const send = (email: string) =>
      client
        .post("/contact", { ...visitor, email })
        .set("X-Forwarded-For", ip)
        .expect(200);
    const answers = [];
    for (const email of ["capped@example.com", "Capped@example.com", "capped@example.com", "CAPPED@EXAMPLE.COM"])
      answers.push((await send(email)).body);
    expect(answers).toEqual(Array(4).fill({ title: "Message Sent!", description: "We'll get back to you within 24 hours." }));
    await send("other@example.com");
    const enquiries = await t.db("enquiries").whereRaw("lower(email) = 'capped@example.com'");
    expect(enquiries).toHaveLength(4);
    const count = async (kind: string, address: string) =>
      (await t.db("email_messages").where({ kind }).whereRaw("lower(to_address) = ?", [address])).length;
    expect(await count("enquiry_received", "capped@example.com")).toBe(3);
    expect(await count("enquiry_received", "other@example.com")).toBe(1);
    expect(
      await t
        .db("email_messages")
        .where({ kind: "enquiry_staff" })
        .whereIn(
          "enquiry_id",
          enquiries.map((e) => e.id),
        ),
    ).toHaveLength(4);
  });

  it("answers field errors and keeps nothing on bad input; a plain form post gets the form back with what was typed", async () => {
    const client = await newClient(t.app);
    const res = await client.post("/contact", { name: "", email: "not-an-email", phone: "abc", message: "" }).expect(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(["email", "message", "name", "phone"]);
    const page = await client.form("/contact", { ...visitor, email: "broken" }).expect(400);
    expect(page.text).toContain("Enter a valid email address");
    expect(page.text).toContain("I need a UK visitor visa in June.");
    expect(await t.db("enquiries").where({ email: "broken" })).toHaveLength(0);
  });

  it("works as a plain form post", async () => {
    const client = await newClient(t.app);
    const page = await client.form("/contact", { ...visitor, email: "plain@example.com" }).expect(200);
    expect(page.text).toContain("Message Sent!");
    await t.smtp.waitFor((m) => m.to.includes("plain@example.com"));
  });

  it("refuses header injection through the name, and cross-site posts", async () => {
    const client = await newClient(t.app);
    const res = await client.post("/contact", { ...visitor, name: "Eve\r\nBcc: victim@example.com", email: "eve@example.com" }).expect(400);
    expect(res.body.error.fields.name).toMatch(/line breaks/);
    await client
      .post("/contact", { ...visitor, email: "cross@example.com" })
      .set("Origin", "https://evil.example")
      .expect(403);
    expect(await t.db("enquiries").whereIn("email", ["eve@example.com", "cross@example.com"])).toHaveLength(0);
  });

  it("drops a filled honeypot silently and limits each network", async () => {
    const client = await newClient(t.app);
    await client.post("/contact", { ...visitor, email: "bot@example.com", website: "http://spam.example" }).expect(200);
    expect(await t.db("enquiries").where({ email: "bot@example.com" })).toHaveLength(0);
    let last = 200;
    for (let i = 0; i < 12 && last === 200; i++) last = (await client.post("/contact", { ...visitor, email: `many${i}@example.com` })).status;
    expect(last).toBe(429);
  });
});

describe("admin enquiries", () => {
  it("lists newest first, filters and searches; a reply e-mails the visitor and is recorded", async () => {
    const admin = await makeUser(t.db, { admin: true });
    const staff = await signedIn(t.app, admin);
    const list = await staff.getJson("/admin/enquiries").expect(200);
    const rows = list.body.props.rows as { createdAt: string; email: string; id: string }[];
    expect(rows.length).toBeGreaterThan(2);
    expect([...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((r) => r.id)).toEqual(rows.map((r) => r.id));
    const found = await staff.getJson("/admin/enquiries?q=plain%40example").expect(200);
    expect(found.body.props.rows.map((r: { email: string }) => r.email)).toEqual(["plain@example.com"]);

    const id = found.body.props.rows[0].id;
    const detail = await staff.getJson(`/admin/enquiries/${id}`).expect(200);
    expect(detail.body.props.whatsapp).toMatch(/^https:\/\/wa\.me\/2348031234567\?text=Hello%20Tunde%20Bakare/);
    await staff.post(`/api/admin/enquiries/${id}/replies`, { body: "Yes, we can help. Please call us on Monday." }).expect(201);
    const [reply] = await t.smtp.waitFor((m) => m.to.includes("plain@example.com") && m.subject === "Re: your enquiry");
    expect(reply.text).toContain("Please call us on Monday.");
    const after = await staff.getJson(`/admin/enquiries/${id}`).expect(200);
    expect(after.body.props.enquiry.status).toBe("replied");
    expect(after.body.props.replies).toHaveLength(1);
    const replied = await staff.getJson("/admin/enquiries?status=replied").expect(200);
    expect(replied.body.props.rows.map((r: { id: string }) => r.id)).toEqual([id]);
    // A status chosen on a page that showed another one (someone changed it meanwhile) is refused, and nothing changes.
    const stale = await staff.patch(`/api/admin/enquiries/${id}/status`, { status: "closed", shownStatus: "new" }).expect(409);
    expect(stale.body).toEqual({ error: { message: "This enquiry was marked Replied since you opened it. Reload and choose again." } });
    expect((await t.db("enquiries").where({ id }).first("status")).status).toBe("replied");
    await staff.patch(`/api/admin/enquiries/${id}/status`, { status: "closed" }).expect(400);
    await staff.patch(`/api/admin/enquiries/${id}/status`, { status: "closed", shownStatus: "replied" }).expect(200);
    await staff.patch(`/api/admin/enquiries/${id}/status`, { status: "deleted", shownStatus: "closed" }).expect(400);
    expect((await t.db("enquiries").where({ id }).first("status")).status).toBe("closed");
  });

  it("a reply or a status for an enquiry that does not exist, or a Retry of no failed message, answers 404 and changes nothing", async () => {
    const staff = await signedIn(t.app, await makeUser(t.db, { admin: true }));
    const counts = async () => ({
      replies: (await t.db("enquiry_replies")).length,
      messages: (await t.db("email_messages")).length,
      audit: (await t.db("audit_events").whereIn("action", ["enquiry_replied", "enquiry_status_changed", "message_retried"])).length,
    });
    const before = await counts();
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const reply = await staff.post(`/api/admin/enquiries/${id}/replies`, { body: "Hello" }).expect(404);
      expect(reply.body).toEqual({ error: { message: "Enquiry not found" } });
      const status = await staff.patch(`/api/admin/enquiries/${id}/status`, { status: "closed", shownStatus: "new" }).expect(404);
      expect(status.body).toEqual({ error: { message: "Enquiry not found" } });
      const retry = await staff.post(`/api/admin/messages/${id}/retry`).expect(404);
      expect(retry.body).toEqual({ error: { message: "No failed message with this id" } });
    }
    // A message that was sent is not failed: Retry refuses it and it stays sent.
    const sent = await t.db("email_messages").where({ status: "sent" }).first("id");
    await staff.post(`/api/admin/messages/${sent.id}/retry`).expect(404);
    expect(await t.db("email_messages").where({ id: sent.id }).first()).toMatchObject({ status: "sent" });
    expect(await counts()).toEqual(before);
  });

  it("is for staff only", async () => {
    const user = await signedIn(t.app, await makeUser(t.db));
    await user.get("/admin/enquiries").expect(303).expect("Location", "/dashboard");
    const row = await t.db("enquiries").first("id");
    await user.post(`/api/admin/enquiries/${row.id}/replies`, { body: "hi" }).expect(403);
  });
});
