// The page shown when a signed-in screen's records could not be read: the staff's frame is a deferred part of it
// (views/pages/portal/Unavailable.tsx), so it stays out of the applicants' script, yet the server still renders it in
// full for staff.
import { describe, expect, it } from "vitest";
import type { PageData } from "../../views/pageData.ts";
import { renderApp } from "../../views/ssr.tsx";

const shared = {
  user: { id: "u1", fullName: "Staff Member", email: "staff@example.com", isAdmin: true, staffRole: "admin", twoFactor: true },
  csrfToken: "token",
  flash: null,
  site: {
    name: "Horizon Gate",
    phone: "",
    emailInfo: "",
    emailSupport: "",
    address: { street: "", locality: "", region: "", country: "" },
    whatsapp: "",
    social: {},
  },
} satisfies PageData["shared"];

const render = (area: "admin" | "portal") =>
  renderApp("/admin", {
    page: "portal/Unavailable",
    title: "Applications",
    props: { heading: "Applications", toast: { title: "Error" }, area },
    shared,
    version: "test",
  });

describe("the unavailable page", () => {
  it("has the staff's frame, rendered by the server, in the admin area and not in the portal", async () => {
    const admin = await render("admin");
    const portal = await render("portal");
    for (const html of [admin, portal]) expect(html).toContain("This page could not be loaded just now.");
    expect(admin).toContain('href="/admin/agenda"');
    expect(portal).not.toContain('href="/admin/agenda"');
  });
});
