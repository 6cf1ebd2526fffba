// One line of the doctor's report (ok, warn or fail, with the fix), and what several checks share to write it.

export type Mark = "ok" | "warn" | "fail";
/** One line of the report: `text` is what was found and, on a problem, the fix, in one sentence. */
export interface Finding {
  mark: Mark;
  text: string;
}

export const ok = (text: string): Finding => ({ mark: "ok", text });
export const warn = (text: string): Finding => ({ mark: "warn", text });
export const fail = (text: string): Finding => ({ mark: "fail", text });
/** A clock further off than this breaks two-factor codes (30-second steps) and makes expiry times wrong. */
const CLOCK_SKEW_MS = 60_000;

/** What went wrong, on one line (an SMTP server's own answer when it gave one). */
export const reason = (err: unknown) => {
  const e = err as { code?: string; message?: string; response?: string };
  return (e.response ?? e.message ?? String(err)).replace(/\s+/g, " ").trim();
};

/** Whether this machine's clock agrees with the time another service (`source`) reports. */
export function clockFinding(source: string, theirs: Date): Finding {
  const skew = Date.now() - theirs.getTime();
  const seconds = Math.round(Math.abs(skew) / 1000);
  if (Math.abs(skew) <= CLOCK_SKEW_MS) return ok(`The clock agrees with ${source} (within ${Math.max(seconds, 1)} s)`);
  return fail(
    `The clock is ${seconds} s ${skew > 0 ? "ahead of" : "behind"} ${source}: turn on time synchronisation (timedatectl set-ntp true, or apt-get install systemd-timesyncd).`,
  );
}
