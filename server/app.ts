// createApp(): the whole middleware order in one place. No listen here (server/index.ts does that).
import { existsSync } from "node:fs";
import path from "node:path";
import compression from "compression";
import cookieParser from "cookie-parser";
import express, { type RequestHandler } from "express";
import helmet from "helmet";
import type { Knex } from "knex";
import type { Logger } from "pino";
import { createPassport } from "./auth/passport.ts";
import type { Config } from "./config.ts";
import { type AppContext, provideLocals } from "./context.ts";
import { paystackWebhook } from "./controllers/portal/paystack.ts";
import { termiiWebhook } from "./controllers/termii.ts";
import { whatsappHandshake, whatsappWebhook } from "./controllers/whatsapp.ts";
import { createOutbox } from "./mail/outbox.ts";
import { metricsEndpoint } from "./metrics/access.ts";
import { httpMetrics } from "./metrics/http.ts";
import { exposeUser } from "./middleware/auth.ts";
import { issueCsrf, verifyCsrf } from "./middleware/csrf.ts";
import { errorHandler, notFoundHandler } from "./middleware/errors.ts";
import { requestLogger } from "./middleware/logging.ts";
import { precompressedStatic } from "./middleware/precompressed.ts";
import { absoluteLifetime, createSessionMiddleware } from "./middleware/session.ts";
import { type AssetResolver, manifestAssets, noAssets } from "./render/assets.ts";
import { ENTRY_LOADER_CSP } from "./render/entryLoader.ts";
import type { Renderer, ViewsModule } from "./render/renderer.ts";
import { buildRouter } from "./routes.ts";
import { createStorage } from "./storage/select.ts";
import type { Storage } from "./storage/storage.ts";

export interface AppOptions {
  db: Knex;
  config: Config;
  logger: Logger;
  /** Where uploaded files live; the disk under UPLOAD_DIR unless given. */
  storage?: Storage;
  /** Development: Vite's middleware, SSR module loader and HTML preamble. */
  dev?: {
    middleware: RequestHandler;
    loadViews: () => Promise<ViewsModule>;
    assets: AssetResolver;
    preamble: (url: string) => Promise<string>;
  };
}

/** Imports once: a dynamic import() per request would go through the module loader every time. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

/** Production and tests use the built manifest when there is one; without a build, pages render with no client script. */
function defaultAssets(dir: string): AssetResolver {
  return existsSync(path.join(dir, ".vite", "manifest.json")) ? manifestAssets(dir) : noAssets();
}

/** Where a payment form may lead: Paystack's hosted checkout (the local test server's own address when pointed at one). */
function checkoutOrigins(config: Config): string[] {
  const paystack = config.payments.paystack;
  if (!paystack) return [];
  const api = new URL(paystack.apiUrl);
  return api.hostname === "api.paystack.co" ? ["https://checkout.paystack.com"] : [api.origin];
}

function contentSecurityPolicy(config: Config, dev: boolean) {
  return helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // Development only: Vite's React refresh preamble is an inline module script.
      // The entry loader is allowed by its hash (server/render/entryLoader.ts), nothing else inline.
      scriptSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'", ENTRY_LOADER_CSP],
      // Radix sets positioning styles on elements; no script can come through a style attribute.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'"],
      // Development only: Vite's hot-reload websocket.
      connectSrc: dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
      // The contact page's office map, and the review page's PDF previews (private files, server/http/privateFile.ts).
      frameSrc: ["'self'", "https://www.openstreetmap.org"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      // Paystack's checkout: the payment form post answers with a redirect there, which form-action also governs.
      formAction: ["'self'", ...checkoutOrigins(config)],
      frameAncestors: ["'none'"],
      ...(config.isProd && config.publicUrl?.startsWith("https:") ? { upgradeInsecureRequests: [] } : {}),
    },
  });
}

export function createApp({ db, config, logger, dev, storage }: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  const ctx: AppContext = { db, config, logger, storage: storage ?? createStorage(config), outbox: createOutbox(config.mail, config.channels) };
  const renderer: Renderer = {
    config,
    assets: dev?.assets ?? defaultAssets(config.clientDir),
    views: dev?.loadViews ?? once(() => import("../views/ssr.tsx")),
    devPreamble: dev?.preamble,
  };
  const passport = createPassport(db);
  const locals = provideLocals(app, { ctx, renderer, passport, draining: false });

  app.use(httpMetrics);
  app.use(requestLogger(logger));
  app.use((_req, res, next) => {
    if (locals.draining) res.set("Connection", "close");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: false,
      hsts: config.isProd ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: "deny" },
    }),
  );
  app.use(contentSecurityPolicy(config, Boolean(dev)));

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  // Before any session middleware: a scraper must never create sessions.
  app.get(
    "/metrics",
    metricsEndpoint(db, {
      token: config.metrics.token,
      backupDir: config.backup.dir,
      uploadDir: config.uploadDir,
      prices: config.channels.prices,
    }),
  );
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (locals.draining) {
      res.status(503).json({ status: "stopping", error: { message: "The server is shutting down." } });
      return;
    }
    try {
      await db.raw("SELECT 1");
      res.json({ status: "ready" });
    } catch {
      res.status(503).json({ status: "unavailable", error: { message: "The database is not reachable." } });
    }
  });

  if (dev) app.use(dev.middleware);
  else {
    app.use("/assets", precompressedStatic(path.join(config.clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    // Only paths that name a file (favicon.svg, robots files of the build): page URLs never touch the disk.
    const staticFiles = express.static(config.clientDir, { index: false, maxAge: "1d" });
    app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? staticFiles(req, res, next) : next()));
  }

  app.use(compression());
  // Paystack's webhook: the raw bytes are what is signed, so they are read before any JSON parser; no session, no
  // CSRF token (the signature is the proof), a small body.
  app.post("/webhooks/paystack", express.raw({ type: () => true, limit: "64kb" }), paystackWebhook);
  // WhatsApp's likewise (X-Hub-Signature-256 is over the raw bytes); its GET is Meta's subscription handshake.
  app.get("/webhooks/whatsapp", whatsappHandshake);
  app.post("/webhooks/whatsapp", express.raw({ type: () => true, limit: "256kb" }), whatsappWebhook);
  // Termii's reports likewise (X-Termii-Signature is over the raw bytes).
  app.post("/webhooks/termii", express.raw({ type: () => true, limit: "64kb" }), termiiWebhook);
  app.use(cookieParser());
  app.use(express.json({ limit: "100kb" }));
  app.use(express.urlencoded({ extended: false, limit: "100kb", parameterLimit: 50 }));

  const { middleware: session } = createSessionMiddleware(db, config);
  const sessionStack: RequestHandler[] = [
    session,
    absoluteLifetime(config.session.maxAgeMs),
    passport.initialize(),
    passport.session(),
    exposeUser,
    issueCsrf(config.session.csrfKey),
  ];
  // Answers of the API carry personal data: never stored by a browser or proxy.
  app.use("/api", (_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  app.use(buildRouter({ sessionStack, csrfCheck: verifyCsrf(config.session.csrfKey) }));

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
