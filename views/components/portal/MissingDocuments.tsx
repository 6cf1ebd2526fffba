// After submission, the required documents of the applicant's list they submitted without: each with an upload that
// goes straight to their consultant for review, without waiting to be asked.

import type { MissingDocumentsProps } from "../../pages/portal/requestTypes.ts";
import { useNavigation } from "../../shared.tsx";
import { Card } from "../ui/misc.tsx";
import { DOC_ACCEPT, FileSlot } from "../wizard/FileSlot.tsx";

export function MissingDocuments({ url, items, rules }: MissingDocumentsProps) {
  const { reload } = useNavigation();
  if (items.length === 0) return null;
  return (
    <Card className="border-amber-500">
      <section id="missing-documents" aria-labelledby="missing-documents-heading" className="grid gap-4">
        <div>
          <h2 id="missing-documents-heading" className="text-lg font-semibold text-slate-900">
            Documents still missing
          </h2>
          <p className="text-sm text-slate-700">
            You submitted without {items.length === 1 ? "this document" : "these documents"} from your list. Send {items.length === 1 ? "it" : "them"}{" "}
            here: your consultant reviews each file, no need to wait to be asked.
          </p>
        </div>
        {items.map((item) => (
          <FileSlot
            key={item.key}
            rules={rules}
            label={item.label}
            hint={item.hint}
            accept={DOC_ACCEPT}
            url={url}
            current={null}
            successToast="Document uploaded successfully"
            fields={{ requirement_key: item.key }}
            onUploaded={() => void reload()}
            required
          />
        ))}
      </section>
    </Card>
  );
}
