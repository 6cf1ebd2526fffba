// A photo or a document a client sent on WhatsApp, beside the message: its name, type and size with the link that
// opens it, or why it was refused; and, in a case with open document requests, the plain form that files it against
// one of them (usable before the page's script).
import { useShared } from "../../shared.tsx";
import type { WhatsAppFileView } from "../messages/whatsappFileTypes.ts";
import { Button } from "../ui/button.tsx";
import { SelectField } from "../ui/field.tsx";

export default function WhatsAppFile({ file }: { file: WhatsAppFileView }) {
  const { csrfToken } = useShared();
  const label = `${file.kindLabel} sent on WhatsApp`;
  return (
    <div className="mt-2 rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-800">
      <p className="wrap-anywhere">
        <span className="font-semibold text-slate-900">
          {label}
          {file.name ? ": " : null}
        </span>
        {file.href ? (
          <a href={file.href} className="font-semibold text-brand-800 underline" target="_blank" rel="noopener">
            {file.name}
          </a>
        ) : (
          file.name
        )}
        {file.typeLabel ? ` · ${file.typeLabel}` : null}
        {file.sizeText ? ` · ${file.sizeText}` : null}
      </p>
      {file.note ? <p className={file.state === "waiting" ? "mt-1" : "mt-1 font-semibold text-red-800"}>{file.note}</p> : null}
      {file.filed ? <p className="mt-1">Filed against {file.filed}.</p> : null}
      {file.refused ? (
        <p role="alert" className="mt-1 font-semibold text-red-800">
          {file.refused}
        </p>
      ) : null}
      {file.fileForm ? (
        <form
          method="post"
          action={file.fileForm.action}
          className="mt-2 grid gap-2 sm:flex sm:items-end"
          aria-label={`File ${file.name ?? "this file"}`}
        >
          <input type="hidden" name="_csrf" value={csrfToken ?? ""} />
          <SelectField
            label="File against a requested document"
            name="request_id"
            required
            options={file.fileForm.requests.map((r) => ({ value: r.id, label: r.label }))}
          />
          <Button type="submit" variant="outline">
            File it
          </Button>
        </form>
      ) : null}
    </div>
  );
}
