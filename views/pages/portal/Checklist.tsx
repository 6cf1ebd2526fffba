// /checklist/{id} (SPEC §2.8, §4): one question per step, Next marks a step done when answered, Save & Complete.

import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { PortalLayout } from "../../components/layout/PortalLayout.tsx";
import { BackToDashboard, LoadFailed } from "../../components/portal/BackToDashboard.tsx";
import { Button } from "../../components/ui/button.tsx";
import { TextArea, TextField } from "../../components/ui/field.tsx";
import { ArrowLeft, ArrowRight, CheckCircle2 } from "../../components/ui/icons.ts";
import { Card, ProgressBar } from "../../components/ui/misc.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useFieldErrors } from "../../components/ui/useFieldErrors.ts";
import { useHydrated } from "../../components/ui/useHydrated.ts";
import { useApi } from "../../shared.tsx";

export interface ChecklistItemView {
  step_number: number;
  title: string;
  description: string | null;
  field_type: "text" | "email" | "phone" | "textarea";
  value: string;
  is_completed: boolean;
}

export interface ChecklistProps {
  checklist: { id: string | null; title: string; status: string; items: ChecklistItemView[] } | null;
  loadError?: string;
}

const INPUT_TYPE = { text: "text", email: "email", phone: "tel", textarea: "text" } as const;

export default function Checklist({ checklist, loadError }: ChecklistProps) {
  const api = useApi();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [index, setIndex] = useState(0);
  const [items, setItems] = useState(checklist?.items ?? []);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const { errors, fail } = useFieldErrors("Error");

  if (!checklist) {
    return <LoadFailed message={loadError ?? "Failed to load checklist"} />;
  }

  const total = items.length;
  const item = items[index];
  const last = index === total - 1;
  const setValue = (value: string) => setItems((list) => list.map((it, i) => (i === index ? { ...it, value } : it)));
  const markAndGo = (to: number) => {
    setItems((list) => list.map((it, i) => (i === index ? { ...it, is_completed: it.value.trim() !== "" } : it)));
    setIndex(to);
  };

  const saveAll = async () => {
    setBusy(true);
    const values = Object.fromEntries(items.map((it) => [String(it.step_number), it.value]));
    try {
      if (checklist.id) await api("PUT", `/api/checklists/${checklist.id}`, { values });
      else await api("POST", "/api/checklists", { title: checklist.title, values });
      toast({ title: "Success!", description: "Checklist saved successfully" });
      navigate("/dashboard");
    } catch (err) {
      fail(err, "Could not save");
    } finally {
      setBusy(false);
    }
  };

  const field = {
    label: item.title,
    hint: item.description ?? undefined,
    value: item.value,
    name: `step-${item.step_number}`,
    // The server names an answer by its step ("values.3"); the title has no field of its own on this form.
    error: errors[`values.${item.step_number}`] ?? (index === 0 ? errors.title : undefined),
  };

  return (
    <PortalLayout>
      <BackToDashboard />
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">{checklist.id ? "Complete Your Application" : "New Checklist"}</h1>
        <p className="mt-1 text-slate-700">{`Step ${index + 1} of ${total}`}</p>
        <div className="mt-3">
          <ProgressBar value={((index + 1) / total) * 100} label="Checklist progress" />
        </div>
        <form
          className="mt-6 grid gap-6"
          onSubmit={(e) => {
            e.preventDefault();
            if (last) void saveAll();
            else markAndGo(index + 1);
          }}
        >
          {item.field_type === "textarea" ? (
            <TextArea {...field} rows={5} maxLength={2000} onChange={(e) => setValue(e.target.value)} />
          ) : (
            <TextField {...field} type={INPUT_TYPE[item.field_type]} maxLength={2000} onChange={(e) => setValue(e.target.value)} />
          )}
          <ol className="flex flex-wrap gap-2" aria-label="Steps">
            {items.map((it, i) => (
              <li
                key={it.step_number}
                className={`flex items-center gap-1 rounded-full px-3 py-1 text-xs ${i === index ? "bg-brand-800 text-white" : "bg-slate-100 text-slate-800"}`}
              >
                {it.is_completed ? <CheckCircle2 aria-label="completed" className="h-3.5 w-3.5" /> : null}
                {it.title}
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap justify-between gap-3 border-t border-slate-200 pt-5">
            <Button variant="outline" disabled={index === 0 || busy} onClick={() => markAndGo(index - 1)}>
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              Back
            </Button>
            <Button type="submit" disabled={!hydrated || busy}>
              {last ? "Save & Complete" : "Next"}
              {last ? null : <ArrowRight aria-hidden="true" className="h-4 w-4" />}
            </Button>
          </div>
        </form>
      </Card>
    </PortalLayout>
  );
}
