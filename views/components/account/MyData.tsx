// The account page's "My data" section: a copy of everything we keep, and deleting the account (NDPA 2023).
import { Download } from "lucide-react";
import { DELETION_RULE } from "../../content/privacy.ts";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/field.tsx";
import { useToast } from "../ui/toast.tsx";
import { useJsonForm } from "../ui/useJsonForm.ts";

export function MyData({ staff }: { staff: boolean }) {
  const { toast } = useToast();
  const form = useJsonForm<{ redirect: string }>("/api/account/delete", "Account not deleted", (res) => {
    toast({ title: "Account deleted" });
    // A full load: nothing of the signed-in application stays in this tab.
    window.location.assign(res.redirect);
  });

  return (
    <section aria-labelledby="my-data-heading" className="grid gap-4">
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
      <div>
        <a
          href="/account/data/download"
          download
          className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50"
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Download my data
        </a>
      </div>
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
              <Button type="submit" variant="destructive" disabled={form.busy}>
                {form.busy ? "Deleting…" : "Delete my account"}
              </Button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
