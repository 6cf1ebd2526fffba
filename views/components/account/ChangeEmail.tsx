// The account page's "E-mail address" section: the current address, and a change confirmed from the new one.
import { useState } from "react";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/field.tsx";
import { useToast } from "../ui/toast.tsx";
import { useJsonForm } from "../ui/useJsonForm.ts";

export function ChangeEmail({ email, confirmed }: { email: string; confirmed: boolean }) {
  const { toast } = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useJsonForm<{ message: string }>("/api/account/email", "E-mail not changed", (res, el) => {
    toast({ title: "Check your inbox", description: res.message });
    setSentTo(String(new FormData(el).get("email") ?? "").trim());
    (el.elements.namedItem("password") as HTMLInputElement).value = "";
  });

  return (
    <section aria-labelledby="email-heading" className="grid gap-4">
      <h2 id="email-heading" className="text-lg font-semibold text-slate-900">
        E-mail address
      </h2>
      <p className="text-slate-700">
        We write to <strong className="break-all">{email}</strong>
        {confirmed ? "." : " (not confirmed yet)."} To use another address, give it and your current password: we send a link to the new address, and
        your address changes when you follow it. We also tell the current address.
      </p>
      {sentTo ? (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-950">
          Link sent to <strong className="break-all">{sentTo}</strong>: it works for 24 hours.
        </p>
      ) : null}
      <form onSubmit={form.onSubmit} noValidate className="grid gap-4 sm:max-w-md">
        <TextField label="New e-mail address" name="email" type="email" autoComplete="email" required maxLength={254} error={form.errors.email} />
        <TextField label="Current password" name="password" type="password" autoComplete="current-password" required error={form.errors.password} />
        <div>
          <Button type="submit" disabled={form.disabled}>
            {form.busy ? "Sending…" : "Send the link"}
          </Button>
        </div>
      </form>
    </section>
  );
}
