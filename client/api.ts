// fetch wrapper: JSON in and out, the CSRF header, and errors as ApiError with the server's message.
import type { ResumableUpload } from "../views/types.ts";
import { ApiError } from "./api-error.ts";
import { clearPageCache } from "./page-cache.ts";

export { ApiError };

/** The token cookie: `__Host-` prefixed over HTTPS (server/middleware/csrf.ts). */
const CSRF_COOKIES = ["__Host-hg.csrf", "hg.csrf"];

export function csrfToken(): string {
  const cookies = document.cookie.split("; ");
  for (const name of CSRF_COOKIES) {
    const match = cookies.find((c) => c.startsWith(`${name}=`));
    if (match) return decodeURIComponent(match.slice(name.length + 1));
  }
  return "";
}

async function ensureCsrf(): Promise<string> {
  let token = csrfToken();
  if (!token) {
    await fetch("/api/csrf", { credentials: "same-origin" });
    token = csrfToken();
  }
  return token;
}

type Body = Record<string, unknown> | FormData | undefined;

/** A request with no answer after this long has failed (a weak network can otherwise leave it pending for minutes). */
const TIMEOUT_MS = 30_000;

export async function api<T = unknown>(method: string, url: string, body?: Body): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (method !== "GET") headers["X-CSRF-Token"] = await ensureCsrf();
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: payload, credentials: "same-origin", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    if (err instanceof DOMException && err.name === "TimeoutError")
      throw new ApiError("The server did not answer in time: check your connection and try again.", 0);
    throw new ApiError("Network error: check your connection and try again.", 0);
  }
  const data = res.headers.get("content-type")?.includes("application/json") ? await res.json().catch(() => null) : null;
  if (!res.ok) {
    const err = data?.error;
    throw new ApiError(err?.message ?? `Request failed (${res.status})`, res.status, err?.fields ?? {});
  }
  if (method !== "GET") clearPageCache();
  window.dispatchEvent(new Event("session-activity"));
  return data as T;
}

/** Multipart upload through XMLHttpRequest, the only browser API that reports upload progress. */
export async function upload<T = unknown>(url: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  const token = await ensureCsrf();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("X-CSRF-Token", token);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { error?: { message?: string; fields?: Record<string, string> } } | null;
      if (xhr.status >= 200 && xhr.status < 300) {
        clearPageCache();
        window.dispatchEvent(new Event("session-activity"));
        resolve(body as T);
      } else reject(new ApiError(body?.error?.message ?? `Upload failed (${xhr.status})`, xhr.status, body?.error?.fields ?? {}));
    };
    xhr.onerror = () => reject(new ApiError("Network error: the upload did not finish. Please try again.", 0));
    xhr.send(form);
  });
}

/** Resumable uploads: their code (tus, photo shrinking) is a chunk of its own, fetched on the upload steps only. */
const resumableCode = () => import("./resumable-upload.ts");

export const resumable: ResumableUpload = {
  prepare: () => void resumableCode(),
  async send(target, file, events) {
    const [code, token] = await Promise.all([resumableCode(), ensureCsrf()]);
    const answer = await code.sendResumable<never>(target, await code.shrinkPhoto(file), token, events);
    clearPageCache();
    window.dispatchEvent(new Event("session-activity"));
    return answer;
  },
};
