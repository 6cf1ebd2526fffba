// npm run doctor: checks a configuration and everything it depends on, one line per check (✓ fine, ! worth a look,
// ✗ broken, with its fix in one sentence); exit status 1 when anything is broken. Reads, never changes, the site.
import { existsSync } from "node:fs";
import { isIPv4 } from "node:net";
import path from "node:path";
import { type Config, ConfigError, loadConfig, PUBLIC_URL_REQUIRED } from "../config.ts";
import { checkChannels } from "./doctorChannels.ts";
import { checkBackups, checkDatabase, checkDedicatedAccounts, checkFolders, checkPayments, checkSpool } from "./doctorChecks.ts";
import type { Finding, Mark } from "./doctorFindings.ts";
import { checkBucket, checkSmtp } from "./doctorServices.ts";

/** Settings the doctor judges itself (more precisely than the loader's refusal). */
const OWN_CHECKS = new Set(["SESSION_SECRET", "PUBLIC_URL"]);
/** Stands in for a missing PUBLIC_URL in production, so that the other settings can still be checked. */
const PLACEHOLDER_URL = "https://placeholder.invalid";
const MIN_SECRET_BITS = 128;

/**
 * The configuration through the app's own loader. A refused setting is reported and left out (so the loader falls back
 * to its default) and the rest loaded again, so that one bad setting does not hide the others.
 */
function loadWithFindings(env: NodeJS.ProcessEnv): { config?: Config; findings: Finding[] } {
  const source: NodeJS.ProcessEnv = { ...env };
  const findings: Finding[] = [];
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      // As a check: a missing SESSION_SECRET is not generated into the data folder.
      return { config: loadConfig(source, () => {}, { check: true }), findings };
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      if (err.message === PUBLIC_URL_REQUIRED) {
        source.PUBLIC_URL = PLACEHOLDER_URL;
        continue;
      }
      const refused = [...err.message.matchAll(/^\s+(\w+): (.+)$/gm)];
      if (!refused.length) return { findings: [...findings, { mark: "fail", text: err.message }] };
      for (const [, key, message] of refused) {
        // A setting that is required but absent cannot be taken away to load the rest.
        if (!(key in source)) {
          return { findings: [...findings, { mark: "fail", text: `${key} ${message}: set it in the environment file.` }] };
        }
        delete source[key];
        if (!OWN_CHECKS.has(key)) findings.push({ mark: "fail", text: `${key} ${message}: correct it in the environment file.` });
      }
    }
  }
  return { findings: [...findings, { mark: "fail", text: "The configuration does not load: run npm start to see why." }] };
}

/** Bits of a secret estimated from how often each character appears (a repeated or short pattern scores low). */
function entropyBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / secret.length) * Math.log2(n / secret.length);
  return perChar * secret.length;
}

function checkSecret(env: NodeJS.ProcessEnv, config: Config | undefined): Finding {
  const secret = env.SESSION_SECRET;
  const fix = "set SESSION_SECRET to a long random value (openssl rand -base64 48) and keep it the same across restarts";
  if (!secret) {
    if (config?.isProd || env.NODE_ENV === "production") return { mark: "fail", text: `SESSION_SECRET is not set: ${fix}.` };
    const kept = config && path.join(config.dataDir, "session-secret");
    return {
      mark: "warn",
      text: `SESSION_SECRET is not set: development uses one generated in ${kept ?? "the data folder"}${kept && existsSync(kept) ? "" : " (not made yet)"}; a deployment must ${fix}.`,
    };
  }
  if (secret.length < 32) return { mark: "fail", text: `SESSION_SECRET is ${secret.length} characters, fewer than 32: ${fix}.` };
  const bits = Math.round(entropyBits(secret));
  if (bits < MIN_SECRET_BITS)
    return { mark: "fail", text: `SESSION_SECRET looks guessable (about ${bits} bits of variety, ${MIN_SECRET_BITS} needed): ${fix}.` };
  return { mark: "ok", text: `SESSION_SECRET is set and strong (${secret.length} characters)` };
}

function checkPublicUrl(env: NodeJS.ProcessEnv, config: Config | undefined): Finding {
  const prod = config?.isProd ?? env.NODE_ENV === "production";
  const value = env.PUBLIC_URL;
  const fix = "set PUBLIC_URL to the site's https: address, e.g. PUBLIC_URL=https://horizongate.ng";
  if (!value)
    return prod
      ? { mark: "fail", text: `PUBLIC_URL is not set: ${fix}.` }
      : { mark: "ok", text: "PUBLIC_URL is not set (development: links use the request's address)" };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { mark: "fail", text: `PUBLIC_URL is not a URL (${value}): ${fix}.` };
  }
  if (url.protocol === "https:") return { mark: "ok", text: `PUBLIC_URL is ${value}` };
  if (prod)
    return {
      mark: "fail",
      text: `PUBLIC_URL is ${value}, not https:, in production: cookies would travel unencrypted and links would be plain http; ${fix}.`,
    };
  return { mark: "ok", text: `PUBLIC_URL is ${value} (development)` };
}

function checkTrustProxy(config: Config): Finding {
  const https = config.publicUrl?.startsWith("https:");
  if (config.isProd && https && config.trustProxy === false) {
    return {
      mark: "warn",
      text: "TRUST_PROXY=false while PUBLIC_URL is https: behind a TLS proxy the site would take every request for plain http (no Secure cookies) and the proxy's address for every visitor's; set TRUST_PROXY=loopback (proxy on this machine) or the proxy's address.",
    };
  }
  return { mark: "ok", text: `TRUST_PROXY is ${config.trustProxy === false ? "false (requests arrive directly)" : String(config.trustProxy)}` };
}

/** This machine only: localhost, 127.0.0.0/8, ::1. */
const isLoopback = (host: string) => {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return h === "localhost" || h === "::1" || (isIPv4(h) && h.startsWith("127."));
};

/**
 * Behind an https PUBLIC_URL the TLS proxy is the way in. Listening beyond loopback lets anyone who can reach the
 * machine skip it: the sign-in form and the session cookie over plain HTTP, and forwarded headers written by whoever
 * connects when TRUST_PROXY counts hops or names a subnet.
 */
function checkListenAddress(config: Config): Finding {
  const https = config.publicUrl?.startsWith("https:");
  if (isLoopback(config.host)) return { mark: "ok", text: `The site listens on ${config.host}${https ? ", behind the proxy" : ""}` };
  if (config.isProd && https) {
    return {
      mark: "warn",
      text: `The site listens on ${config.host} while PUBLIC_URL is https: anyone who can reach this machine can skip the TLS proxy and use plain HTTP (passwords and session cookies unencrypted, forwarded headers of their own making); set HOST=127.0.0.1 so that only the proxy on this machine (the deploy recipe's Caddy) reaches the site.`,
    };
  }
  return { mark: "ok", text: `The site listens on ${config.host}` };
}

const SIGNS: Record<Mark, string> = { ok: "✓", warn: "!", fail: "✗" };

export async function runDoctor(env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<boolean> {
  const { config, findings } = loadWithFindings(env);
  const report = (list: Finding[]) => {
    for (const f of list) print(`${SIGNS[f.mark]} ${f.text}`);
    findings.push(...list);
  };
  for (const f of findings) print(`${SIGNS[f.mark]} ${f.text}`);
  report([checkSecret(env, config), checkPublicUrl(env, config)]);
  if (config) {
    report([checkTrustProxy(config), checkListenAddress(config)]);
    report(await checkDatabase(config));
    report(await checkSmtp(config));
    report(await checkBucket(config));
    report(checkFolders(config));
    report(await checkSpool(config));
    report(checkBackups(config));
    report(checkPayments(config, env));
    report(await checkDedicatedAccounts(config));
    report(await checkChannels(config, env));
  }
  return !findings.some((f) => f.mark === "fail");
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const healthy = await runDoctor(process.env, (line) => console.log(line));
  process.exitCode = healthy ? 0 : 1;
}
