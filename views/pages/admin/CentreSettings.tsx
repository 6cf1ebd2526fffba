// /admin/settings/centres: the visa centres applicants are booked at (name, address, what to bring), kept by managers:
// add one, edit one, deactivate one (records that name it keep it) or bring it back. Plain form posts.
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { Button } from "../../components/ui/button.tsx";
import { TextArea, TextField } from "../../components/ui/field.tsx";
import { Card } from "../../components/ui/misc.tsx";
import { useShared } from "../../shared.tsx";
import type { CentreSettingsProps } from "./centreTypes.ts";

function CentreFields({
  idp,
  values,
  errors,
}: {
  idp: string;
  values: { name: string; address: string; whatToBring: string };
  errors: Record<string, string>;
}) {
  return (
    <>
      <TextField id={`${idp}-name`} label="Name" name="name" required defaultValue={values.name} error={errors.name} />
      {/* Several lines, so a long address shows whole on a phone; the lines are joined with commas when saved. */}
      <TextArea
        id={`${idp}-address`}
        label="Address"
        name="address"
        required
        rows={3}
        fit="short"
        maxLength={300}
        defaultValue={values.address}
        error={errors.address}
      />
      <TextArea
        id={`${idp}-bring`}
        label="What to bring"
        name="what_to_bring"
        rows={8}
        fit="long"
        hint="One item a line: applicants see this list before their appointment"
        defaultValue={values.whatToBring}
        error={errors.what_to_bring}
      />
    </>
  );
}

export default function CentreSettings({ centres, refused }: CentreSettingsProps) {
  const { csrfToken } = useShared();
  const token = <input type="hidden" name="_csrf" value={csrfToken ?? ""} />;
  const typed = (form: string, fallback: { name: string; address: string; whatToBring: string }) =>
    refused?.form === form
      ? { name: refused.values.name ?? "", address: refused.values.address ?? "", whatToBring: refused.values.what_to_bring ?? "" }
      : fallback;
  const errorsOf = (form: string) => (refused?.form === form ? refused.fields : {});
  const messageOf = (form: string) =>
    refused?.form === form ? (
      <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
        {refused.message}
      </p>
    ) : null;
  return (
    <AdminLayout>
      <h1 className="mb-2 text-2xl font-bold text-slate-900 sm:text-3xl">Visa centres</h1>
      <p className="mb-6 text-slate-700">
        Where applicants go for their appointments.{" "}
        <a className="font-semibold text-brand-800 underline" href="/admin/settings/payments">
          Payment settings
        </a>
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        {centres.map((c) => (
          <Card key={c.id}>
            <h2 className="text-lg font-semibold text-slate-900">
              {c.name}
              {c.active ? "" : " (deactivated)"}
            </h2>
            <form method="post" action={`/admin/settings/centres/${c.id}`} aria-label={`Edit ${c.name}`} className="mt-3 grid gap-3">
              {token}
              {messageOf(c.id)}
              <CentreFields idp={`centre-${c.id}`} values={typed(c.id, c)} errors={errorsOf(c.id)} />
              <div>
                <Button type="submit">Save centre</Button>
              </div>
            </form>
            <form method="post" action={`/admin/settings/centres/${c.id}/active`} className="mt-3">
              {token}
              <input type="hidden" name="active" value={c.active ? "false" : "true"} />
              <Button type="submit" variant="outline">
                {c.active ? "Deactivate" : "Bring back"}
              </Button>
            </form>
          </Card>
        ))}
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Add a centre</h2>
          <form method="post" action="/admin/settings/centres" aria-label="Add a centre" className="mt-3 grid gap-3">
            {token}
            {messageOf("new")}
            <CentreFields idp="centre-new" values={typed("new", { name: "", address: "", whatToBring: "" })} errors={errorsOf("new")} />
            <div>
              <Button type="submit">Add centre</Button>
            </div>
          </form>
        </Card>
      </div>
    </AdminLayout>
  );
}
