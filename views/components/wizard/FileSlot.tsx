// One upload control: thumbnail or link of the current file, a file picker, a progress bar and clear states. A draft's
// document or passport file goes resumably (a large photo shrunk first, a dropped connection resumed); any other
// upload URL as one multipart request.

import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { UploadRules } from "../../pages/portal/types.ts";
import { useResumableUpload, useUpload } from "../../shared.tsx";
import type { UploadTarget } from "../../types.ts";
import { FileText, Upload } from "../ui/icons.ts";
import { ProgressBar } from "../ui/misc.tsx";
import { useToast } from "../ui/toast.tsx";

/** What the file pickers offer: a photo, or a photo or PDF. */
export const IMAGE_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";
export const DOC_ACCEPT = `${IMAGE_ACCEPT},.pdf,application/pdf`;

export interface CurrentFile {
  url: string;
  isImage: boolean;
  name: string;
}

export interface FileSlotProps {
  /** The server's size limit and messages, checked here before a byte is sent. */
  rules: UploadRules;
  label: string;
  hint: string;
  accept: string;
  /** Upload URL, or null while the application has not been saved yet. */
  url: string | null;
  current: CurrentFile | null;
  successToast: string;
  /** Extra multipart fields (e.g. document_type). */
  fields?: Record<string, string>;
  onUploaded: (answer: unknown) => void;
  /** Marked with an asterisk when the application cannot be submitted without it. */
  required?: boolean;
  /** Beside the label: e.g. "Required" or "Optional". */
  badge?: ReactNode;
  /**
   * The file's state inside the card (e.g. "Not uploaded yet", or its link and Delete), so that it is read with its
   * card; the hint then shows only while there is no file.
   */
  status?: ReactNode;
  /** A small icon or thumbnail beside the text instead of a 96 px preview above it (a long list on a phone). */
  compact?: boolean;
}

/** A first word that keeps its capital inside a sentence: a language, a nationality or a place. */
const PROPER_WORD =
  /^(English|French|Portuguese|German|Spanish|Italian|Arabic|Chinese|Dutch|Nigerian|Canadian|American|British|Australian|Schengen|Ghanaian|Irish|Indian|Japanese|Korean)\b/;

/**
 * The label inside a sentence: "Passport scan" → "passport scan", but "DS-160 confirmation", "CV" and "English or
 * French test result" keep their capitals.
 */
export const inSentence = (label: string) =>
  /^[A-Z][a-z]/.test(label) && !PROPER_WORD.test(label) ? label[0].toLowerCase() + label.slice(1) : label;

type State =
  | { kind: "idle" }
  | { kind: "uploading"; progress: number; waiting?: boolean }
  | { kind: "failed"; message: string }
  | { kind: "done"; replaced: boolean };

/** The resumable upload's target for a draft's multipart upload URL (the same draft, file and fields), or null. */
function resumableTarget(url: string, fields: Record<string, string> = {}): UploadTarget | null {
  const m = /^\/api\/applications\/([0-9a-f-]{36})\/(documents|passport\/(passport-scan|photo))$/.exec(url);
  if (!m) return null;
  return { applicationId: m[1], kind: m[2] === "documents" ? "document" : m[3] === "photo" ? "photo" : "passport_scan", fields };
}

/** A JPEG or PNG is shrunk in the browser before it is sent, so only other files are held to the limit beforehand. */
const isPhoto = (file: File) => file.type === "image/jpeg" || file.type === "image/png";

function multipart(file: File, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", file);
  return form;
}

export function FileSlot({
  rules,
  label,
  hint,
  accept,
  url,
  current,
  successToast,
  fields,
  onUploaded,
  required = true,
  badge,
  status,
  compact = false,
}: FileSlotProps) {
  const id = useId();
  const upload = useUpload();
  const resumable = useResumableUpload();
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: "idle" });
  const target = url ? resumableTarget(url, fields) : null;
  const goesResumably = target !== null;
  // The resumable upload's code (tus, photo shrinking: 35 KB gzip) is fetched as a hand or the keyboard reaches the
  // button, not with the page: evaluated during the load it blocked a slow phone's main thread for 160 ms at 4x CPU.
  const prepare = goesResumably ? resumable.prepare : undefined;

  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    if (!url) {
      toast({ title: "Error", description: rules.saveFirst, variant: "destructive" });
      return;
    }
    if (file.size >= rules.maxBytes && !(target && isPhoto(file))) {
      setState({ kind: "failed", message: rules.tooLarge });
      toast({ title: "Error", description: rules.tooLarge, variant: "destructive" });
      return;
    }
    const progress = (p: number) => setState({ kind: "uploading", progress: p });
    setState({ kind: "uploading", progress: 0 });
    try {
      const answer = target
        ? await resumable.send(target, file, {
            onProgress: progress,
            onWaiting: () => setState((s) => ({ ...s, kind: "uploading", progress: "progress" in s ? s.progress : 0, waiting: true })),
          })
        : await upload(url, multipart(file, fields), progress);
      setState({ kind: "done", replaced: Boolean(current) });
      toast({ title: successToast });
      onUploaded(answer);
    } catch (err) {
      const message = err instanceof Error ? err.message : "Upload failed";
      setState({ kind: "failed", message });
      toast({ title: "Error", description: message, variant: "destructive" });
    }
  };

  // A file chosen before this part's script arrived (its label opens the picker in the server's HTML): the input still
  // holds it, so it is sent now rather than lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the hydration commit; later picks are events.
  useEffect(() => {
    const el = input.current;
    if (el?.files?.length) void onChange({ target: el, currentTarget: el } as ChangeEvent<HTMLInputElement>);
  }, []);

  // A phone's column is narrow: a compact card gives it all to the words (no icon beside them).
  const preview = compact ? (
    <div className="hidden h-10 w-10 items-center sm:flex justify-center overflow-hidden rounded-md bg-slate-100">
      {current?.isImage ? (
        <img src={current.url} alt="" width={40} height={40} className="h-10 w-10 object-cover" />
      ) : (
        <FileText aria-hidden="true" className={`h-5 w-5 ${current ? "text-brand-800" : "text-slate-400"}`} />
      )}
    </div>
  ) : (
    <div className="flex h-24 w-24 items-center justify-center overflow-hidden rounded-lg bg-slate-100">
      {current?.isImage ? (
        <img src={current.url} alt={`${label} preview`} width={96} height={96} className="h-24 w-24 object-cover" />
      ) : current ? (
        <a href={current.url} className="flex flex-col items-center text-xs font-semibold text-brand-800 underline">
          <FileText aria-hidden="true" className="h-8 w-8" />
          View PDF
        </a>
      ) : (
        <FileText aria-hidden="true" className="h-8 w-8 text-slate-400" />
      )}
    </div>
  );

  return (
    <div
      className={
        compact
          ? "grid gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:grid-cols-[40px_minmax(0,1fr)]"
          : "grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[96px_1fr] sm:items-center"
      }
    >
      {preview}
      <div className={compact ? "grid min-w-0 gap-1.5" : "grid gap-2"}>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <label htmlFor={id} className="font-medium text-slate-900">
            {label}
            {required ? (
              <span aria-hidden="true" className="text-red-700">
                {" "}
                *
              </span>
            ) : null}
          </label>
          {badge}
        </div>
        {status === undefined ? <p className="text-sm text-slate-700">{current ? `Uploaded: ${current.name}` : hint}</p> : null}
        {status !== undefined && !current ? <p className="text-sm text-slate-700">{hint}</p> : null}
        <div className={compact ? "flex flex-wrap items-center justify-between gap-x-3 gap-y-1" : undefined}>
          {status}
          <input ref={input} id={id} type="file" accept={accept} onChange={(e) => void onChange(e)} className="sr-only" />
          <button
            type="button"
            onClick={() => input.current?.click()}
            onPointerDown={prepare}
            onFocus={prepare}
            disabled={state.kind === "uploading"}
            className="inline-flex items-center gap-2 rounded-md border border-brand-800 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
          >
            <Upload aria-hidden="true" className="h-4 w-4" />
            {/* A compact card's label is right above: the button shows one word and names the item to a screen reader. */}
            {current ? "Replace" : "Upload"}
            {compact ? <span className="sr-only"> {inSentence(label)}</span> : ` ${inSentence(label)}`}
          </button>
        </div>
        <div aria-live="polite" className="text-sm">
          {state.kind === "uploading" ? (
            <div className="grid gap-1">
              <ProgressBar value={state.progress * 100} label={`Uploading ${label}`} />
              <span className="text-slate-700">
                {state.waiting
                  ? `Connection lost at ${Math.round(state.progress * 100)}%: the upload continues when you are back online.`
                  : `Uploading… ${Math.round(state.progress * 100)}%`}
              </span>
            </div>
          ) : null}
          {state.kind === "failed" ? <span className="text-red-700">{state.message}</span> : null}
          {state.kind === "done" ? <span className="text-emerald-800">{state.replaced ? "Replaced" : "Uploaded"}</span> : null}
        </div>
      </div>
    </div>
  );
}
