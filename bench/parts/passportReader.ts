// The passport part's reader: a process of its own, like the job worker, that loads the OCR once and reads each scan
// named on the command line, printing one JSON line per scan (seconds on the clock, and CPU seconds of the process,
// both engines' threads included) and its RSS at the end.
import { readFileSync } from "node:fs";
import { readZone, stopOcr } from "../../server/passport/ocr.ts";

for (const file of process.argv.slice(2)) {
  const image = readFileSync(file);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await readZone(image);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  console.log(JSON.stringify({ file, seconds, cpuSeconds, zone: result.read ? result.zone : null }));
}
console.log(JSON.stringify({ rssMb: process.memoryUsage().rss / 1024 / 1024 }));
await stopOcr();
