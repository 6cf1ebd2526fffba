// The invitation of an adult family member, as it is really sent: the mail worker writes the e-mail to a real SMTP
// server with a link made at that moment (never recorded), and that link opens the invitation in a browser.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FamilyInvitationProps } from "../../views/pages/auth/familyInvitationTypes.ts";
import { newClient } from "../helpers/app.ts";
import { completeDraft, makeUser, signedIn } from "../helpers/factories.ts";
import { BASE_URL, createMailTestApp, type MailTestApp } from "../helpers/mail.ts";

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp();
});
afterAll(() => t.close());

describe("the family invitation e-mail", () => {
  it("carries a working link made when it is sent, and the recorded message keeps no secret", async () => {
    const parent = await signedIn(t.app, await makeUser(t.db, { fullName: "Ngozi Eze" }));
    const lead = (await parent.post("/api/applications", completeDraft({ full_name: "Ngozi Eze" })).expect(201)).body.application.id;
    const added = await parent
      .form(`/application/${lead}/family`, { relation: "parent", relationOther: "", fullName: "Ifeoma Eze", dateOfBirth: "1958-01-30" })
      .expect(303);
    const member = String(added.headers.location).replace("/visa-application/", "");
    await parent.form(`/application/${lead}/family/members/${member}/invite`, { email: "ifeoma.eze@example.com" }).expect(303);

    const [mail] = await t.smtp.waitFor((m) => m.to.includes("ifeoma.eze@example.com"));
    expect(mail.subject).toBe("Ngozi Eze invited you to complete your part of a family visa application");
    expect(mail.text).toContain("never the other members' passports or answers");
    const link = mail.links.find((l) => l.startsWith(`${BASE_URL}/family/invitation?token=`)) as string;
    expect(link).toBeDefined();
    const token = new URL(link).searchParams.get("token") as string;
    const recorded = await t.db("email_messages").where({ kind: "family_invitation" }).first();
    expect(JSON.stringify(recorded)).not.toContain(token);

    const person = await newClient(t.app);
    await person.agent.get(`/family/invitation?token=${token}`).expect(303);
    const page = (await person.getJson("/family/invitation").expect(200)).body.props as FamilyInvitationProps;
    expect(page).toMatchObject({ state: "sign-in", memberName: "Ifeoma Eze", invitedBy: "Ngozi Eze", email: "ifeoma.eze@example.com" });
  });
});
