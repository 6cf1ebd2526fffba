// Step 3's passport files: the scan and the photo, each in its slot (a part of its own: step 7's documents are not
// needed to show step 3).

import type { UploadRules } from "../../pages/portal/types.ts";
import { DOC_ACCEPT, FileSlot, IMAGE_ACCEPT } from "./FileSlot.tsx";

export interface PassportFiles {
  scan: { url: string; mime: string } | null;
  photo: { url: string; mime: string } | null;
}

export function PassportUploads({
  rules,
  applicationId,
  files,
  onChange,
}: {
  rules: UploadRules;
  applicationId: string | null;
  files: PassportFiles;
  onChange: (f: PassportFiles) => void;
}) {
  const base = applicationId ? `/api/applications/${applicationId}/passport` : null;
  const asCurrent = (f: PassportFiles["scan"], name: string) => (f ? { url: f.url, isImage: f.mime.startsWith("image/"), name } : null);
  const done = (key: keyof PassportFiles) => (answer: unknown) => {
    const a = answer as { url: string; mimeType: string };
    onChange({ ...files, [key]: { url: `${a.url}?v=${Date.now()}`, mime: a.mimeType } });
  };
  return (
    <div className="grid gap-3">
      <FileSlot
        rules={rules}
        label="Passport scan"
        hint="The photo page of your passport: .jpg, .jpeg, .png or .pdf, under 10MB."
        accept={DOC_ACCEPT}
        url={base && `${base}/passport-scan`}
        current={asCurrent(files.scan, "passport scan")}
        successToast="File uploaded successfully"
        onUploaded={done("scan")}
      />
      <FileSlot
        rules={rules}
        label="Passport photo"
        hint="A recent passport-style photo on a white background: .jpg, .jpeg or .png."
        accept={IMAGE_ACCEPT}
        url={base && `${base}/photo`}
        current={asCurrent(files.photo, "passport photo")}
        successToast="File uploaded successfully"
        onUploaded={done("photo")}
      />
    </div>
  );
}
