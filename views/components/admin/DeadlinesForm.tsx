// The Staff page's deadlines: how many working days a case may stay submitted, or under review, before it is Late.

import { useNavigation } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/field.tsx";
import { Card } from "../ui/misc.tsx";
import { useToast } from "../ui/toast.tsx";
import { useJsonForm } from "../ui/useJsonForm.ts";

export interface Deadlines {
  submitted: number;
  under_review: number;
}

export function DeadlinesForm({ deadlines }: { deadlines: Deadlines }) {
  const { toast } = useToast();
  const { reload } = useNavigation();
  const form = useJsonForm("/api/admin/settings/deadlines", "Could not change the deadlines", async () => {
    toast({ title: "Deadlines saved" });
    await reload();
  });
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Deadlines</h2>
      <p className="mt-2 text-slate-900">A case that waits longer than this in its status is Late. Working days: Monday to Friday.</p>
      <form onSubmit={form.onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Deadlines">
        <TextField
          label="Submitted, to start review (working days)"
          name="submitted"
          type="number"
          min={1}
          max={60}
          required
          defaultValue={deadlines.submitted}
          error={form.errors.submitted}
        />
        <TextField
          label="Under review, to a decision (working days)"
          name="under_review"
          type="number"
          min={1}
          max={60}
          required
          defaultValue={deadlines.under_review}
          error={form.errors.under_review}
        />
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={form.disabled}>
            {form.busy ? "Saving…" : "Save deadlines"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
