// Structured request logs (pino): no bodies, no cookies, no authorization headers; card and password fields redacted.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import pino, { type Logger } from "pino";
import { pinoHttp } from "pino-http";

export const REDACT = [
  "password",
  "*.password",
  "cardNumber",
  "*.cardNumber",
  "cvv",
  "*.cvv",
  "expiry",
  "*.expiry",
  "token",
  "*.token",
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT, censor: "[redacted]" }, base: undefined }, destination);
}

export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    // Always made here: a client's own X-Request-Id could otherwise forge or tie together audit rows and log lines.
    // The response names it, so a person reporting a problem can quote it.
    genReqId: (_req: IncomingMessage, res: ServerResponse) => {
      const id = randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url?.split("?")[0] }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) => (err || res.statusCode >= 500 ? "error" : "info"),
    autoLogging: { ignore: (req: IncomingMessage) => req.url === "/healthz" || req.url === "/readyz" || Boolean(req.url?.startsWith("/assets/")) },
  });
}
