// "After approval" on the staff's case page: the stages recorded (who, when; moved and missed appointments kept), the
// form of the next stage with "Skip this stage", a correction form for a stage recorded less than a day ago, and
// moving or missing the appointment. Plain server-rendered forms posting to their routes (POST-redirect-GET with a
// toast): they need no script of their own, and the page loads this part after it is usable.

import { formatDateTime } from "../../lib/format.ts";
import { useShared } from "../../shared.tsx";
import { Button } from "../ui/button.tsx";
import { DateTime } from "../ui/DateTime.tsx";
import { SelectField, TextArea, TextField } from "../ui/field.tsx";
import type { AfterApprovalProps, StageName } from "./afterApprovalTypes.ts";

type Refused = AfterApprovalProps["refused"];

function StageFields({
  stage,
  p,
  values,
  errors,
  idp,
}: {
  stage: StageName;
  p: AfterApprovalProps;
  values: Record<string, string>;
  errors: Record<string, string>;
  idp: string;
}) {
  const v = (k: string) => values[k] ?? "";
  const date = (label = "Date") => (
    <TextField id={`${idp}-date`} label={label} name="date" type="date" required defaultValue={v("date")} error={errors.date} />
  );
  const file = (label: string) => (
    <TextField
      id={`${idp}-file`}
      label={label}
      name="file"
      type="file"
      accept=".pdf,.jpg,.jpeg,.png"
      hint="Optional: PDF, JPG or PNG, up to 10 MB"
      error={errors.file}
    />
  );
  switch (stage) {
    case "lodged":
      return (
        <>
          <SelectField
            id={`${idp}-portal`}
            label="Portal"
            name="portal"
            required
            placeholder="Choose…"
            options={p.portals}
            defaultValue={v("portal")}
            error={errors.portal}
          />
          <TextField
            id={`${idp}-reference`}
            label="Government reference"
            name="reference"
            required
            autoComplete="off"
            defaultValue={v("reference")}
            hint="UKVI: GWF number like GWF012345678 · DS-160: like AA00ABCDEF · IRCC: like W123456789"
            error={errors.reference}
          />
          {date("Date lodged")}
          {file("Submission confirmation")}
          <SignatureNote p={p} values={values} errors={errors} idp={idp} />
        </>
      );
    case "appointment":
      return (
        <>
          <SelectField
            id={`${idp}-centre`}
            label="Centre"
            name="centre"
            required
            placeholder="Choose…"
            options={p.centres}
            defaultValue={v("centre")}
            error={errors.centre}
          />
          {date("Date")}
          <TextField id={`${idp}-time`} label="Time (Lagos)" name="time" type="time" required defaultValue={v("time")} error={errors.time} />
          <TextField
            id={`${idp}-reference`}
            label="Centre's reference"
            name="reference"
            required
            autoComplete="off"
            defaultValue={v("reference")}
            error={errors.reference}
          />
          {file("Appointment letter")}
        </>
      );
    case "biometrics":
      return date("Date attended");
    case "passport_held":
      return date("Date the embassy took the passport");
    case "decision":
      return (
        <>
          <SelectField
            id={`${idp}-outcome`}
            label="Outcome"
            name="outcome"
            required
            placeholder="Choose…"
            options={[
              { value: "issued", label: "Visa issued" },
              { value: "refused", label: "Visa refused" },
            ]}
            defaultValue={v("outcome")}
            error={errors.outcome}
          />
          {date("Decision date")}
          <fieldset className="grid gap-3 rounded-md border border-slate-300 p-3">
            <legend className="px-1 text-sm font-medium text-slate-800">If issued</legend>
            <TextField
              id={`${idp}-visa-type`}
              label="Visa type (as printed)"
              name="visa_type"
              defaultValue={v("visa_type")}
              error={errors.visa_type}
            />
            <TextField id={`${idp}-from`} label="Valid from" name="valid_from" type="date" defaultValue={v("valid_from")} error={errors.valid_from} />
            <TextField id={`${idp}-to`} label="Valid to" name="valid_to" type="date" defaultValue={v("valid_to")} error={errors.valid_to} />
            <SelectField
              id={`${idp}-entries`}
              label="Entries"
              name="entries"
              placeholder="Choose…"
              options={[
                { value: "single", label: "Single entry" },
                { value: "multiple", label: "Multiple entries" },
              ]}
              defaultValue={v("entries")}
              error={errors.entries}
            />
          </fieldset>
          <TextArea
            id={`${idp}-grounds`}
            label="If refused: the grounds, as you summarise them"
            name="grounds"
            rows={3}
            defaultValue={v("grounds")}
            error={errors.grounds}
          />
          {file("Visa or refusal letter scan")}
        </>
      );
    case "passport_returned":
      return (
        <>
          <SelectField
            id={`${idp}-method`}
            label="How it came back"
            name="method"
            required
            placeholder="Choose…"
            options={p.returnMethods}
            defaultValue={v("method")}
            error={errors.method}
          />
          <TextField
            id={`${idp}-tracking`}
            label="Courier tracking reference"
            name="tracking"
            hint="Required for a courier"
            defaultValue={v("tracking")}
            error={errors.tracking}
          />
          {date("Date returned")}
        </>
      );
  }
}

/** Whether the applicant signed the answer sheet; without it, a manager gives a reason to lodge anyway. */
function SignatureNote({
  p,
  values,
  errors,
  idp,
}: {
  p: AfterApprovalProps;
  values: Record<string, string>;
  errors: Record<string, string>;
  idp: string;
}) {
  const s = p.signature;
  if (s.state === "no-sheet") return null;
  if (s.state === "valid")
    return (
      <p className="text-sm text-slate-700">
        Signed by the applicant on {formatDateTime(s.signedAt)}.{" "}
        {s.pdfUrl ? (
          <a className="font-semibold text-brand-800 underline" href={s.pdfUrl}>
            Signed answer sheet (PDF)
          </a>
        ) : null}
      </p>
    );
  return (
    <>
      <p className="text-sm text-amber-800">
        {s.state === "void"
          ? "The applicant's signature is void: an answer changed after they signed. They are asked to sign again."
          : "The applicant has not signed the answer sheet yet."}
      </p>
      {s.mayOverride ? (
        <TextArea
          id={`${idp}-override`}
          label="Reason to lodge without the signature"
          name="override_reason"
          rows={2}
          defaultValue={values.override_reason ?? ""}
          hint="Managers only; kept in the activity log."
          error={errors.override_reason}
        />
      ) : null}
    </>
  );
}

function StageForm({
  p,
  stage,
  mode,
  title,
  values,
  refused,
  submit,
}: {
  p: AfterApprovalProps;
  stage: StageName;
  mode: "record" | "correct" | "move";
  title: string;
  values: Record<string, string>;
  refused: Refused;
  submit: string;
}) {
  const { csrfToken } = useShared();
  const key = `${mode}:${stage}`;
  const mine = refused?.form === key ? refused : null;
  const idp = `stage-${mode}-${stage}`;
  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={`/admin/application/${p.applicationId}/stages/${stage}?_csrf=${encodeURIComponent(csrfToken ?? "")}`}
      aria-label={title}
      className="grid gap-3"
    >
      <input type="hidden" name="mode" value={mode} />
      {mine ? (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {mine.message}
        </p>
      ) : null}
      <StageFields stage={stage} p={p} values={mine ? mine.values : values} errors={mine?.fields ?? {}} idp={idp} />
      <div>
        <Button type="submit">{submit}</Button>
      </div>
    </form>
  );
}

export default function AfterApproval(p: AfterApprovalProps) {
  const { csrfToken } = useShared();
  const refused = p.refused;
  const skipRefused = p.next && refused?.form === `skip:${p.next.stage}` ? refused : null;
  const missedRefused = refused?.form === "missed" ? refused : null;
  return (
    <section aria-labelledby="after-approval-heading" id="after-approval">
      <h2 id="after-approval-heading" className="mb-1 text-lg font-semibold text-slate-900">
        After approval
      </h2>
      <p className="mb-4 text-sm text-slate-700">
        The government's side, as you record it: the applicant sees each step on their timeline and is e-mailed.
      </p>
      {!p.approved ? <p className="mb-4 text-slate-700">Stages can be recorded once the application is approved.</p> : null}
      {p.embassyWait ? (
        <p
          data-testid="embassy-wait"
          className={`mb-4 rounded-md p-2 text-sm ${p.embassyWait.late ? "border border-amber-300 bg-amber-50 text-amber-950" : "bg-slate-50 text-slate-800"}`}
        >
          {p.embassyWait.late ? <strong className="font-semibold">Late at the embassy: </strong> : null}
          {p.embassyWait.line}
        </p>
      ) : null}
      {!p.approved && refused ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-2 text-sm text-red-800">
          {refused.message}
        </p>
      ) : null}
      {p.entries.length === 0 ? (
        <p className="text-slate-700">Nothing recorded yet.</p>
      ) : (
        <ol className="grid gap-3" aria-label="Stages recorded, oldest first">
          {p.entries.map((e) => (
            <li key={e.id} className={`rounded-lg border p-3 ${e.ended ? "border-slate-200 bg-slate-50" : "border-slate-300 bg-white"}`}>
              <p className="font-semibold text-slate-900">
                {e.title}
                {e.state === "skipped" ? " (skipped)" : ""}
                {e.ended ? ` (${e.ended.as})` : ""}
              </p>
              <p className="wrap-anywhere text-slate-800">{e.line}</p>
              {e.file ? (
                <p className="text-sm">
                  <a className="font-semibold text-brand-800 underline" href={e.file.url}>
                    {e.file.name}
                  </a>
                </p>
              ) : null}
              <p className="mt-1 text-sm text-slate-700">
                {e.recordedBy} · <DateTime value={e.recordedAt} />
                {e.correctedAt ? (
                  <>
                    {" "}
                    · corrected <DateTime value={e.correctedAt} />
                  </>
                ) : null}
                {e.ended ? (
                  <>
                    {" "}
                    · {e.ended.as} by {e.ended.by}, <DateTime value={e.ended.at} />
                  </>
                ) : null}
              </p>
              {p.approved && e.undoable ? (
                <form
                  method="post"
                  action={`/admin/application/${p.applicationId}/stages/${e.stage}/unskip`}
                  className="mt-2"
                  aria-label={`Undo the skip: ${e.title}`}
                >
                  <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
                  {refused?.form === `unskip:${e.stage}` ? (
                    <p role="alert" className="mb-2 text-sm text-red-700">
                      {refused.message}
                    </p>
                  ) : null}
                  <Button type="submit" variant="outline">
                    Undo skip
                  </Button>
                </form>
              ) : null}
              {p.approved && e.correctable ? (
                <details className="mt-2" open={refused?.form === `correct:${e.stage}`}>
                  <summary className="cursor-pointer text-sm font-semibold text-brand-800">Correct this stage</summary>
                  <div className="mt-2">
                    <StageForm
                      p={p}
                      stage={e.stage}
                      mode="correct"
                      title={`Correct: ${e.title}`}
                      values={e.values}
                      refused={refused}
                      submit="Save correction"
                    />
                  </div>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      )}

      {p.approved && p.appointmentOpen ? (
        <div className="mt-4 grid gap-3 rounded-lg border border-slate-300 p-3">
          <details open={refused?.form === "move:appointment"}>
            <summary className="cursor-pointer text-sm font-semibold text-brand-800">Move the appointment</summary>
            <div className="mt-2">
              <StageForm
                p={p}
                stage="appointment"
                mode="move"
                title="Move the appointment"
                values={{}}
                refused={refused}
                submit="Save new appointment"
              />
            </div>
          </details>
          {p.appointmentOpen.passed ? (
            <form method="post" action={`/admin/application/${p.applicationId}/appointment/missed`} aria-label="Record the appointment missed">
              <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
              {missedRefused ? (
                <p role="alert" className="mb-2 text-sm text-red-800">
                  {missedRefused.message}
                </p>
              ) : null}
              <Button type="submit" variant="outline">
                Record the appointment missed
              </Button>
            </form>
          ) : null}
        </div>
      ) : null}

      {p.approved && p.next ? (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <h3 className="mb-3 font-semibold text-slate-900">Next: {p.next.title}</h3>
          <StageForm
            p={p}
            stage={p.next.stage}
            mode="record"
            title={`Record: ${p.next.title}`}
            values={{}}
            refused={refused}
            submit={`Record ${p.next.title.toLowerCase()}`}
          />
          {p.next.skippable ? (
            <details className="mt-4" open={Boolean(skipRefused)}>
              <summary className="cursor-pointer text-sm font-semibold text-brand-800">Skip this stage</summary>
              <form
                method="post"
                action={`/admin/application/${p.applicationId}/stages/${p.next.stage}/skip`}
                aria-label={`Skip: ${p.next.title}`}
                className="mt-2 grid gap-3"
              >
                <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
                {skipRefused ? (
                  <p role="alert" className="text-sm text-red-800">
                    {skipRefused.message}
                  </p>
                ) : null}
                <TextArea
                  id="stage-skip-reason"
                  label="Why it does not apply"
                  name="reason"
                  rows={2}
                  required
                  hint="For example: e-visa, no passport to hand in"
                  defaultValue={skipRefused?.values.reason ?? ""}
                  error={skipRefused?.fields.reason}
                />
                <div>
                  <Button type="submit" variant="outline">
                    Skip this stage
                  </Button>
                </div>
              </form>
            </details>
          ) : null}
        </div>
      ) : null}
      {p.approved && !p.next ? <p className="mt-4 text-slate-700">Every stage after approval is settled.</p> : null}
    </section>
  );
}
