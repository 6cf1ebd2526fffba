// A closed-loop load generator: N workers repeat a scenario until the deadline, recording every latency.
import http from "node:http";

export interface Sample {
  latencies: number[];
  errors: number;
  requests: number;
  errorSamples: string[];
}

export interface Call {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function send(base: string, call: Call): Promise<{ status: number; ms: number; body: string }> {
  const url = new URL(call.path, base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: call.method, headers: call.headers, agent },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => {
          body += d;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body }));
      },
    );
    req.on("error", reject);
    // A request the server never answers is a failure, not a hang of the whole run.
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer in 10 s: ${call.method} ${call.path}`)));
    req.end(call.body);
  });
}

/**
 * Runs `workers` loops for `seconds`; each loop asks `next(worker, i)` for its next call. Without `paceMs` a loop
 * sends its next call as soon as the last is answered (the server's saturation); with it, each loop starts a call
 * every `paceMs` (first ones spread over that interval), as people do who read a page before the next click.
 */
export async function closedLoop(
  base: string,
  workers: number,
  seconds: number,
  next: (worker: number, i: number) => Call,
  ok = (s: number) => s < 400,
  paceMs = 0,
): Promise<Sample> {
  const sample: Sample = { latencies: [], errors: 0, requests: 0, errorSamples: [] };
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      if (paceMs) await sleep((paceMs * w) / workers);
      for (let i = 0; performance.now() < deadline; i++) {
        const started = performance.now();
        try {
          const r = await send(base, next(w, i));
          sample.requests++;
          sample.latencies.push(r.ms);
          if (!ok(r.status)) {
            sample.errors++;
            if (sample.errorSamples.length < 3) sample.errorSamples.push(`${r.status} ${r.body.slice(0, 120)}`);
          }
        } catch (err) {
          sample.requests++;
          sample.errors++;
          if (sample.errorSamples.length < 3) sample.errorSamples.push(String(err));
        }
        if (paceMs) await sleep(paceMs - (performance.now() - started));
      }
    }),
  );
  sample.latencies.sort((a, b) => a - b);
  return sample;
}
