// A resumable upload's metadata (the tus Upload-Metadata header): which draft and which file it is for. Any other
// field (document_type …) is passed to the file's action as a multipart upload's fields are.
import { z } from "zod";

export const UPLOAD_KINDS = ["document", "passport_scan", "photo"] as const;

export const resumableUploadSchema = z.looseObject({
  applicationId: z.string({ error: "Say which application the file is for." }).max(64),
  kind: z.enum(UPLOAD_KINDS, { error: "Say which file this is: a document, the passport scan or the photo." }),
  filename: z.string({ error: "The file needs a name." }).min(1, { error: "The file needs a name." }).max(255),
});

export type ResumableUploadMetadata = z.infer<typeof resumableUploadSchema>;

/** The metadata the server sets itself; a client's value for them is never kept. */
export const SERVER_METADATA = ["user"] as const;
