// The contact form becomes an enquiry: validation, honeypot, limit, both e-mails, the admin inbox and replies.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
    expect(ack.text).toContain("I need a UK visitor visa in June.");
    const [office] = await t.smtp.waitFor((m) => m.to.includes("office@example.com"));
    expect(office.subject).toBe("New enquiry from Tunde Bakare (Dubai Getaway)");
    expect(office.text).toContain("+2348031234567");
    expect(office.headers.get("reply-to")).toMatchObject({ text: "tunde@example.com" });
    const row = await t.db("enquiries").where({ email: "tunde@example.com" }).first();
    expect(row).toMatchObject({ phone: "+2348031234567", package: "Dubai Getaway", status: "new" });
    expect(office.links.some((l) => l.endsWith(`/admin/enquiries/${row.id}`))).toBe(true);
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
    await staff.patch(`/api/admin/enquiries/${id}/status`, { status: "closed" }).expect(200);
    await staff.patch(`/api/admin/enquiries/${id}/status`, { status: "deleted" }).expect(400);
  });

  it("is for staff only", async () => {
    const user = await signedIn(t.app, await makeUser(t.db));
    await user.get("/admin/enquiries").expect(303).expect("Location", "/dashboard");
    const row = await t.db("enquiries").first("id");
    await user.post(`/api/admin/enquiries/${row.id}/replies`, { body: "hi" }).expect(403);
  });
});
