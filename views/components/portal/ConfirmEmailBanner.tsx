// Dashboard banner until the applicant follows the link of the confirmation e-mail, with "Resend".

import { useState } from "react";
import { useApi } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { MailWarning } from "../ui/icons.ts";
import { useToast } from "../ui/toast.tsx";

export function ConfirmEmailBanner({ email }: { email: string }) {
  const api = useApi();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      const res = await api<{ message: string }>("POST", "/api/account/confirmation");
      toast({ title: "Confirmation e-mail sent", description: res.message });
    } catch (err) {
      toast({ title: "Could not send the e-mail", description: err instanceof Error ? err.message : "Please try again.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-label="Confirm your e-mail"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <MailWarning aria-hidden="true" className="h-5 w-5 shrink-0" />
      <p className="min-w-0 flex-1 text-sm">
        Please confirm your e-mail address: follow the link we sent to <strong className="break-all">{email}</strong>, so our updates reach you.
      </p>
      <Button variant="outline" onClick={resend} disabled={busy}>
        {busy ? "Sending…" : "Resend"}
      </Button>
    </section>
  );
}
