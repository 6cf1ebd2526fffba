// Loaded only when a file is chosen on an upload step (client/api.ts imports it): shrinks a large photo in the browser,
// then sends the file with the tus protocol in 1 MB parts, so a dropped connection costs at most the part in flight
// and the upload resumes from the offset the server holds once the browser is back online.
import imageCompression from "browser-image-compression";
import { DetailedError, Upload } from "tus-js-client";
import type { UploadTarget } from "../views/types.ts";
import { ApiError } from "./api-error.ts";

/** A photo longer than this on its long side, or larger than SHRINK_OVER_BYTES, is re-encoded as a JPEG this long. */
const LONG_SIDE = 2000;
const SHRINK_OVER_BYTES = 1024 * 1024;
const PART_BYTES = 1024 * 1024;

/** A JPEG or PNG photo too large for a weak network becomes a JPEG of about 2,000 px; anything else is sent as it is. */
export async function shrinkPhoto(file: File): Promise<File> {
  if (file.type !== "image/jpeg" && file.type !== "image/png") return file;
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return file; // not a readable image: the server's check by bytes answers
  const longSide = Math.max(bitmap.width, bitmap.height);
  bitmap.close();
  if (longSide <= LONG_SIDE && file.size <= SHRINK_OVER_BYTES) return file;
  // On the main thread: the CSP allows no worker from a blob: URL, and the library's worker loads its code from a CDN.
  const blob = await imageCompression(file, { maxWidthOrHeight: LONG_SIDE, fileType: "image/jpeg", initialQuality: 0.85, useWebWorker: false });
  if (blob.size >= file.size) return file;
  return new File([blob], `${file.name.replace(/\.(jpe?g|png)$/i, "")}.jpg`, { type: "image/jpeg", lastModified: file.lastModified });
}

/** The server's JSON error in a refused tus request, as the ApiError every other call throws. */
function refusal(err: Error): ApiError {
  const res = err instanceof DetailedError ? err.originalResponse : null;
  if (!res || res.getStatus() === 0) return new ApiError("Network error: the upload did not finish. Please try again.", 0);
  try {
    const body = JSON.parse(res.getBody()) as { error?: { message?: string; fields?: Record<string, string> } };
    return new ApiError(body.error?.message ?? `Upload failed (${res.getStatus()})`, res.getStatus(), body.error?.fields ?? {});
  } catch {
    return new ApiError(res.getBody().trim() || `Upload failed (${res.getStatus()})`, res.getStatus());
  }
}

export interface UploadEvents {
  onProgress: (fraction: number) => void;
  /** The connection dropped: the upload waits for it and then resumes. */
  onWaiting?: () => void;
}

/** Sends `file` to `target`, resuming across dropped connections; resolves with the action's JSON answer. */
export function sendResumable<T>(target: UploadTarget, file: File, csrfToken: string, events: UploadEvents): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: "/api/uploads",
      chunkSize: PART_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      storeFingerprintForResuming: false,
      metadata: { ...target.fields, applicationId: target.applicationId, kind: target.kind, filename: file.name },
      headers: { "X-CSRF-Token": csrfToken, Accept: "application/json" },
      onProgress: (sent, total) => events.onProgress(total ? sent / total : 0),
      onSuccess: ({ lastResponse }) => resolve(JSON.parse(lastResponse.getBody()) as T),
      onError: (err) => {
        const failure = refusal(err);
        if (failure.status !== 0 || navigator.onLine) return reject(failure);
        // Offline: wait for the connection, then continue from what the server holds (tus asks it with HEAD).
        events.onWaiting?.();
        window.addEventListener("online", () => upload.start(), { once: true });
      },
    });
    upload.start();
  });
}
