// /visa-application/{id} (SPEC §2.9): the 8-step wizard. Next saves silently, Save Progress saves with a toast.

import { useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { deferred } from "../../components/deferred.tsx";
import { PortalLayout } from "../../components/layout/PortalLayout.tsx";
import { BackToDashboard, LoadFailed } from "../../components/portal/BackToDashboard.tsx";
import { ChangesRequested } from "../../components/portal/ChangesRequested.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ArrowLeft, ArrowRight, Save } from "../../components/ui/icons.ts";
import { Card, ProgressBar } from "../../components/ui/misc.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useFieldErrors } from "../../components/ui/useFieldErrors.ts";
import { useHydrated } from "../../components/ui/useHydrated.ts";
import { initialValues, type TextKey, toBody, type WizardValues } from "../../components/wizard/form.ts";
import { useKeptInput } from "../../components/wizard/keptInput.ts";
import type { PassportFiles } from "../../components/wizard/PassportUploads.tsx";
import { SaveStatus } from "../../components/wizard/SaveStatus.tsx";
import { ContactStep, DeclarationsStep, PassportStep, PersonalStep, SpecificStep, TravelStep, VisaTypeStep } from "../../components/wizard/Steps.tsx";
import { useSaveRetry, worthRetrying } from "../../components/wizard/useSaveRetry.ts";
import { useApi, useShared } from "../../shared.tsx";
import type {
  ApplicationForm,
  DocumentsForApplication,
  DocumentView,
  Option,
  PhotoCheckView,
  SpecificField,
  UploadRules,
  VisaTypeOption,
} from "./types.ts";

// The upload parts (steps 3 and 7) hydrate after the rest of the wizard, whose typing and saving come first.
// Each in a chunk of its own: step 3 shown first loads its passport files' part, not step 7's list too.
const PassportUploads = deferred(() => import("../../components/wizard/PassportUploads.tsx").then((m) => ({ default: m.PassportUploads })));
const DocumentsStep = deferred(() => import("../../components/wizard/Documents.tsx").then((m) => ({ default: m.DocumentsStep })));
// Step 3's passport read offer and photo warnings: loaded after the page is usable, the server's HTML standing until then.
const PassportOffer = deferred(() => import("../../components/wizard/PassportOffer.tsx").then((m) => ({ default: m.PassportOffer })), {
  later: true,
});
// Shown only once the browser finds answers kept from an earlier visit (after hydration): never in the first render.
const KeptInputOffer = deferred(() => import("../../components/wizard/KeptInputOffer.tsx").then((m) => ({ default: m.KeptInputOffer })));

export interface WizardProps {
  application: ApplicationForm | null;
  /** A new application: the account's name, e-mail and phone, filled in for the applicant to keep or change. */
  fromAccount?: { full_name: string; email: string; phone: string };
  /** A step to open at (from the review's "missing" links); otherwise the saved step. */
  initialStep?: number;
  loadError?: string;
  /** The staff note when the application was sent back for changes. */
  changesRequested: string | null;
  /** The fee is paid: the visa type can no longer change. */
  visaTypeLocked?: boolean;
  /** Saved answers in a format that is not valid, by field (shown next to each; saving never fails on them). */
  problems?: Record<string, string>;
  steps: string[];
  visaTypes: VisaTypeOption[];
  specificFields: Record<string, SpecificField[]>;
  genders: Option[];
  maritalStatuses: Option[];
  documentTypes: Option[];
  documents: DocumentView[];
  /** The documents the saved visa type and destination call for (each save answers the list anew). */
  documentsForApplication: DocumentsForApplication | null;
  /** The fields answered in text inputs, selects and date pickers. */
  textFields: TextKey[];
  uploadRules: UploadRules;
  /** The server reads uploaded passport scans' bottom lines (PASSPORT_READING): step 3 offers what it read. */
  passportReading?: boolean;
  /** The saved photo's check against the destination's photo rules (shown on step 3 until a new photo is uploaded). */
  photoCheck?: PhotoCheckView;
  /** A family's application: who this is in the group, the group's page, and a hint beside each shared answer. */
  group?: { note: string; familyUrl: string | null; hints: Record<string, string> };
}

/** A save's answer: the saved application, and the answers still in a format that is not valid. */
type SaveAnswer = { application: ApplicationForm; problems: Record<string, string>; documentsForApplication: DocumentsForApplication | null };

export default function Wizard(props: WizardProps) {
  const { application, steps } = props;
  const api = useApi();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [id, setId] = useState<string | null>(application?.id ?? null);
  const [reference, setReference] = useState(application?.reference_number ?? null);
  const [step, setStep] = useState(props.initialStep ?? application?.current_step ?? 1);
  const [values, setValues] = useState<WizardValues>(() => initialValues(application, props.textFields, props.fromAccount));
  const { errors, fail, failField, settle } = useFieldErrors("Error", props.problems ?? {});
  /** The saved answers still in a wrong format (from the page, then from each save): shown on every step. */
  const problems = useRef(props.problems ?? {});
  const [saving, setSaving] = useState(false);
  const hydrated = useHydrated();
  const [documents, setDocuments] = useState(props.documents);
  const [documentsList, setDocumentsList] = useState(props.documentsForApplication);
  const [passportFiles, setPassportFiles] = useState<PassportFiles>(() => ({
    scan:
      application?.passport_scan_url && application.passport_scan_mime
        ? { url: application.passport_scan_url, mime: application.passport_scan_mime }
        : null,
    photo: application?.photo_url && application.photo_mime ? { url: application.photo_url, mime: application.photo_mime } : null,
  }));
  const total = steps.length;
  const { user } = useShared();
  const [dirty, setDirty] = useState(false);
  const kept = useKeptInput(
    user?.id,
    id,
    useMemo(() => ({ step, values }), [step, values]),
    dirty,
  );

  /** What has been typed since the page opened: a save clears "unsaved" only if nothing was typed while it was sent. */
  const edits = useRef(0);
  const [saved, setSaved] = useState(false);
  const resumeAt = useRef(step);
  resumeAt.current = step;

  /** Saves the answers as they are now; the first save creates the draft and replaces the URL with its id. */
  const send = async (automatic: boolean): Promise<{ saved: boolean; retry: boolean; id?: string }> => {
    setSaving(true);
    const sent = edits.current;
    try {
      const body = toBody(values, resumeAt.current);
      const res = id ? await api<SaveAnswer>("PATCH", `/api/applications/${id}`, body) : await api<SaveAnswer>("POST", "/api/applications", body);
      // A save that went through closes the step's error toast and its field errors.
      problems.current = res.problems;
      settle(res.problems);
      setDocumentsList(res.documentsForApplication);
      if (edits.current === sent) {
        setDirty(false);
        kept.forget(id);
      }
      setSaved(true);
      if (!id) {
        setId(res.application.id);
        setReference(res.application.reference_number);
        navigate(`/visa-application/${res.application.id}`, { replace: true, state: { keepPage: true } });
      }
      return { saved: true, retry: false, id: res.application.id };
    } catch (err) {
      // An automatic attempt that fails again changes nothing on the screen: "Not saved" is already there.
      if (!automatic) fail(err, "Could not save");
      setSaved(false);
      return { saved: false, retry: worthRetrying(err) };
    } finally {
      setSaving(false);
    }
  };
  const retrying = useSaveRetry(send);

  if (props.loadError) {
    return <LoadFailed message={props.loadError} detail="This application does not exist or is not yours." />;
  }

  /** Saves the form to resume at `at`; the draft's id, or null when the save failed (it is then retried). */
  const save = async (at: number): Promise<string | null> => {
    resumeAt.current = at;
    return (await retrying.attempt())?.id ?? null;
  };

  /** Another step: the errors of the one left (its toast, its fields) do not follow the applicant there. */
  const goTo = (to: number) => {
    settle(problems.current);
    setStep(to);
  };

  const next = async () => {
    if (step === 1 && !values.text.visa_type) {
      failField("visa_type", "Please select a visa type to continue");
      return;
    }
    if (step === total) {
      const saved = await save(total);
      if (saved) navigate(`/visa-application/${saved}/review`);
      return;
    }
    if (await save(step + 1)) goTo(step + 1);
  };

  const saveProgress = async () => {
    if (await save(step)) toast({ title: "Progress saved successfully" });
  };

  const change = (update: (v: WizardValues) => WizardValues) => {
    setValues(update);
    setDirty(true);
    edits.current++;
  };

  const stepProps = {
    values,
    errors,
    hints: props.group?.hints,
    setText: (key: TextKey, value: string) => change((v) => ({ ...v, text: { ...v.text, [key]: value } })),
    setSpecific: (key: string, value: string) => change((v) => ({ ...v, specific: { ...v.specific, [key]: value } })),
    setFlag: (key: "criminal_history" | "prior_visa_refusals", value: boolean) => change((v) => ({ ...v, [key]: value })),
  };
  const visaType = values.text.visa_type;

  return (
    <PortalLayout>
      <BackToDashboard />
      {props.group ? (
        <p className="mb-4 text-sm text-slate-800">
          {props.group.note}{" "}
          {props.group.familyUrl ? (
            <a href={props.group.familyUrl} className="font-semibold text-brand-800 underline">
              Your family group
            </a>
          ) : null}
        </p>
      ) : null}
      {props.changesRequested ? <ChangesRequested note={props.changesRequested} /> : null}
      {kept.offer ? (
        <KeptInputOffer
          onRestore={() => {
            const offer = kept.offer;
            if (!offer) return;
            setValues(offer.values);
            goTo(offer.step);
            setDirty(true);
            kept.dismiss();
          }}
          onDiscard={kept.dismiss}
        />
      ) : null}
      <Card>
        <div className="mb-6 grid gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{`Step ${step} of ${total}: ${steps[step - 1]}`}</h1>
            {reference ? <span className="font-mono text-sm text-slate-700">{reference}</span> : null}
          </div>
          <ProgressBar value={(step / total) * 100} label="Application progress" />
        </div>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void next();
          }}
          noValidate
        >
          {step === 1 ? <VisaTypeStep {...stepProps} visaTypes={props.visaTypes} locked={props.visaTypeLocked} /> : null}
          {step === 2 ? <PersonalStep {...stepProps} genders={props.genders} maritalStatuses={props.maritalStatuses} /> : null}
          {step === 3 ? (
            <PassportStep
              {...stepProps}
              uploads={
                <>
                  <PassportUploads rules={props.uploadRules} applicationId={id} files={passportFiles} onChange={setPassportFiles} />
                  {id && ((passportFiles.scan && props.passportReading) || passportFiles.photo) ? (
                    <PassportOffer
                      key={`${passportFiles.scan?.url}|${passportFiles.photo?.url}`}
                      applicationId={id}
                      values={values.text}
                      onUse={stepProps.setText}
                      photo={passportFiles.photo?.url === application?.photo_url ? props.photoCheck : undefined}
                    />
                  ) : null}
                </>
              }
            />
          ) : null}
          {step === 4 ? <ContactStep {...stepProps} /> : null}
          {step === 5 ? <TravelStep {...stepProps} /> : null}
          {step === 6 ? <SpecificStep {...stepProps} fields={visaType ? props.specificFields[visaType] : undefined} /> : null}
          {step === 7 ? (
            <DocumentsStep
              rules={props.uploadRules}
              applicationId={id}
              documentTypes={props.documentTypes}
              list={documentsList}
              documents={documents}
              onChange={setDocuments}
            />
          ) : null}
          {step === 8 ? <DeclarationsStep {...stepProps} /> : null}
          <SaveStatus
            state={retrying.failed ? "failed" : saving ? "saving" : saved && !dirty ? "saved" : "idle"}
            onRetry={() => void retrying.attempt()}
          />
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-5">
            <Button variant="outline" onClick={() => goTo(Math.max(1, step - 1))} disabled={step === 1 || saving}>
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              Back
            </Button>
            <div className="flex flex-wrap gap-3">
              <Button variant="secondary" onClick={() => void saveProgress()} disabled={!hydrated || saving}>
                <Save aria-hidden="true" className="h-4 w-4" />
                Save Progress
              </Button>
              <Button type="submit" disabled={!hydrated || saving}>
                {step === total ? "Review Application" : "Next"}
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </Button>
            </div>
          </div>
        </form>
      </Card>
    </PortalLayout>
  );
}
