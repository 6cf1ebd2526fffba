// A DATABASE_URL the start cannot use is said in one sentence with its fix, never as a driver's stack trace.
import { ConfigError } from "../config.ts";

/** Node's names for a certificate it does not trust (the provider's own CA, a self-signed one, a wrong host name). */
const UNTRUSTED_CERTIFICATE = new Set([
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "CERT_HAS_EXPIRED",
  "CERT_UNTRUSTED",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);
const NO_ANSWER = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);

/** What is wrong with DATABASE_URL, as one sentence with its fix; undefined when the error is not about reaching it. */
export function databaseProblem(url: string, err: unknown): string | undefined {
  const { code, message = "" } = (err ?? {}) as { code?: string; message?: string };
  let where = "the database";
  let user = "";
  try {
    const parsed = new URL(url);
    where = `the database at ${parsed.hostname}:${parsed.port || "5432"}`;
    user = decodeURIComponent(parsed.username);
  } catch {
    // loadConfig already refused a URL that does not parse; keep the generic words.
  }
  if (code && UNTRUSTED_CERTIFICATE.has(code)) {
    return `DATABASE_URL: ${where} presented a certificate this server does not trust (${code}): save the provider's CA certificate in a file and end the URL with ?sslmode=verify-full&sslrootcert=<that file> (docs/operating/deploy.md, step 3).`;
  }
  if (code && NO_ANSWER.has(code)) {
    return `DATABASE_URL: ${where} does not answer (${code}): check the host and port, and that the database server runs and lets this machine in.`;
  }
  if (code === "28P01" || code === "28000") {
    return `DATABASE_URL: ${where} refused the user "${user}" (${message}): check the user name and the password (percent-encoded in the URL).`;
  }
  if (code === "3D000") return `DATABASE_URL: ${where} has no such database (${message}): create it, or correct the URL's database name.`;
  if (/does not support SSL|server does not support ssl/i.test(message)) {
    return `DATABASE_URL: ${where} does not accept TLS connections: turn TLS on at the database, or (on a private network only) drop sslmode from the URL.`;
  }
  return undefined;
}

/** Runs the first use of DATABASE_URL, turning a failure to reach it into a ConfigError (one line, exit 1). */
export async function reachingDatabase<T>(url: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const problem = url ? databaseProblem(url, err) : undefined;
    if (problem) throw new ConfigError(problem);
    throw err;
  }
}
