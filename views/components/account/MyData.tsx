// The account page's "My data" section: a copy of everything we keep, and deleting the account (NDPA 2023).

import { DELETION_RULE } from "../../content/privacy.ts";
import { useShared } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/field.tsx";
import { Download } from "../ui/icons.ts";
import { useToast } from "../ui/toast.tsx";
import { useJsonForm } from "../ui/useJsonForm.ts";
import { forgetAllKeptInput } from "../wizard/keptInput.ts";

export function MyData({ staff }: { staff: boolean }) {
  const { toast } = useToast();
  const { csrfToken } = useShared();
  const form = useJsonForm<{ redirect: string }>("/api/account/delete", "Account not deleted", (res) => {
    toast({ title: "Account deleted" });
    forgetAllKeptInput();
    // A full load: nothing of the signed-in application stays in this tab.
    window.location.assign(res.redirect);
  });

  return (
    <section id="my-data" aria-labelledby="my-data-heading" className="grid gap-4 scroll-mt-4">
      <h2 id="my-data-heading" className="text-lg font-semibold text-slate-900">
        My data
      </h2>
      <p className="text-slate-700">
        Download a copy of everything we keep about you: your account, applications with their history and payments, checklists, the e-mails we sent
        you and the files you uploaded. Read how we use it in our{" "}
        <a href="/privacy" className="font-semibold text-brand-800 underline">
          Privacy Notice
        </a>
        .
      </p>
      <form
        method="post"
        action="/account/data/download"
        aria-label="Download my data"
        className="grid gap-4 sm:max-w-md"
        // The file downloads and the page stays: the typed password should not.
        onSubmit={(e) => {
          const form = e.currentTarget;
          setTimeout(() => form.reset(), 0);
        }}
      >
        <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
        <TextField label="Current password" name="password" type="password" autoComplete="current-password" required />
        <div>
          <Button type="submit" variant="outline">
            <Download aria-hidden="true" className="h-4 w-4" />
            Download my data
          </Button>
        </div>
      </form>
      <h3 className="mt-2 font-semibold text-slate-900">Delete my account</h3>
      {staff ? (
        <p className="text-slate-700">Staff accounts are closed by the office: ask the person who runs the site.</p>
      ) : (
        <>
          <p className="text-slate-700">{DELETION_RULE}</p>
          <form onSubmit={form.onSubmit} noValidate className="grid gap-4 sm:max-w-md" aria-label="Delete my account">
            <TextField
              label="Current password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={form.errors.password}
            />
            <TextField
              label="Type DELETE to confirm"
              name="confirm"
              autoComplete="off"
              autoCapitalize="characters"
              required
              error={form.errors.confirm}
            />
            <div>
              <Button type="submit" variant="destructive" disabled={form.disabled}>
                {form.busy ? "Deleting…" : "Delete my account"}
              </Button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
