// The app factory: builds the whole HTTP app from its dependencies, without listening, so tests
// run the real app on a test database. server/main.ts listens.
import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";
import session from "express-session";
import helmet from "helmet";
import compression from "compression";
import { COMPRESS_FROM_BYTES } from "./lib/json-answer";
import expressStaticGzip from "express-static-gzip";
import { pinoHttp } from "pino-http";
import type { AppDeps } from "./context";
import { serializeError } from "./logger";
import { configurePassport } from "./middlewares/passport";
import { DatabaseSessionStore } from "./auth/session-store";
import { answersVersion } from "./answer-cache/version";
import { csrfProtection } from "./middlewares/csrf";
import { errorHandler, notFoundApi } from "./middlewares/errors";
import { backgroundCallsKeepIdleTimeout } from "./middlewares/auth";
import { IDLE_SESSION_MS } from "./auth/session-lifetime";
import { ApiRouter, type RouteDef } from "./routes/api-router";
import { authRoutes, SESSION_COOKIE } from "./routes/auth";
import { lockdownRoutes } from "./routes/lockdown";
import { healthRoutes } from "./routes/health";
import { configRoutes } from "./routes/config";
import { openApiRouter } from "./openapi/routes";
import { transactionRoutes } from "./routes/transactions";
import { dashboardRoutes } from "./routes/dashboard";
import { attachmentRoutes, uploadRoutes } from "./routes/attachments";
import { reachRoutes } from "./routes/reach";
import { notificationRoutes } from "./routes/notifications";
import { emergencyRoutes } from "./routes/emergency";
import { categoryRoutes } from "./routes/categories";
import { userRoutes } from "./routes/users";
import { securityRoutes } from "./routes/security";
import { budgetRoutes } from "./routes/budgets";
import { approvalRuleRoutes } from "./routes/approval-rules";
import { delegationRoutes } from "./routes/delegations";
import { partyRoutes } from "./routes/parties";
import { auditRoutes } from "./routes/audit";
import { adminStatsRoutes } from "./routes/admin-stats";
import { hrEmployeeRoutes } from "./routes/hr-employees";
import { hrAttendanceRoutes } from "./routes/hr-attendance";
import { hrLeaveRoutes } from "./routes/hr-leaves";
import { meRoutes } from "./routes/me";
import { hrImportRoutes } from "./routes/hr-import";
import { hrNameMappingRoutes } from "./routes/hr-name-mappings";
import { accountingRoutes } from "./routes/accounting";
import { gstRoutes } from "./routes/gst";
import { tdsRoutes } from "./routes/tds";

export type App = {
  app: express.Express;
  /** The same session middleware the HTTP routes use; the socket hub authenticates upgrades with it. */
  sessionMiddleware: RequestHandler;
  sessionStore: DatabaseSessionStore;
  routes: RouteDef[];
};

/** The level pino-http writes each request's line at (its default, for every status). */
const REQUEST_LOG_LEVEL = "info";

const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=()";

/** The socket's origin for this page: ws(s):// and the host the page was served from (a well-formed one). */
function socketOrigin(req: express.Request): string {
  const host = req.headers.host ?? "";
  if (!/^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/.test(host)) return "'self'";
  return `${req.protocol === "https" ? "wss" : "ws"}://${host}`;
}

/** Paths (under /api) authorised by a token instead of a session: exempt from the CSRF header. */
const TOKEN_AUTHORISED = [/^\/emergency-approval\//, /^\/uploads\//];

export function createApp(deps: AppDeps, options: { clientDir?: string | null } = {}): App {
  const { config, logger } = deps;
  const app = express();
  // The guards read the app's clock from here (middlewares/auth.ts clockOf).
  app.locals.clock = deps.clock;
  app.disable("x-powered-by");
  app.set("trust proxy", process.env.TRUST_PROXY ?? "loopback");

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // React and Radix set style attributes; scripts stay 'self' only.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          // Our own origin only, over http(s) and ws(s) (DECISIONS §10); the bucket when uploads go to GCS.
          connectSrc: ["'self'", (req) => socketOrigin(req as express.Request), ...(config.gcsBucket ? ["https://storage.googleapis.com"] : [])],
          fontSrc: ["'self'", "data:"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use((_req, res, next) => {
    // The browser features no screen needs are off (DECISIONS §10).
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  });
  // API answers are personal and current: never stored by a browser or a proxy (DECISIONS §10).
  // Routes that stream files set their own; the docs' static assets override it with their max-age.
  app.use("/api", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  // The routes' JSON answers compress themselves (lib/json-answer.ts encodeJson). This compresses the
  // rest above the same size for a client that accepts it: streams (the CSV export) as
  // they flow, the API document and error answers; files that do not compress (PDF, images) are left alone.
  app.use("/api", compression({ threshold: COMPRESS_FROM_BYTES }));
  const requestLog = pinoHttp({
    logger,
    useLevel: REQUEST_LOG_LEVEL,
    autoLogging: { ignore: (req) => !req.url?.startsWith("/api") },
    serializers: {
      // Query strings carry upload signatures and emergency links carry tokens: never log them.
      req: (req: { method: string; url: string }) => ({
        method: req.method,
        url: req.url.split("?")[0].replace(/(\/emergency-approval\/)[^/]+/, "$1[token]"),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: serializeError,
    },
  });
  // pino-http writes every request's line at info, whatever its status; below that level it would
  // still build a child logger and listen for the end of every response, to write nothing.
  app.use((req, res, next) => (logger.isLevelEnabled(REQUEST_LOG_LEVEL) ? requestLog(req, res, next) : next()));

  // The count kept answers stand on is read in the session's own statement (answer-cache/).
  const sessionStore = new DatabaseSessionStore(deps.database.db, IDLE_SESSION_MS, answersVersion);
  const sessionMiddleware = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store: sessionStore,
    resave: false,
    saveUninitialized: false,
    // The idle timeout: every request moves the expiry 30 minutes ahead.
    rolling: true,
    cookie: { httpOnly: true, sameSite: "lax", secure: "auto", maxAge: IDLE_SESSION_MS },
  });
  const passport = configurePassport(deps.database.db);

  // Every API route, declared once in its routes/ file. Download paths: the spec fixes
  // `GET /transactions/export?format=csv`, the path of what is listed plus `/export`, and new
  // downloads take that form (`/gst/summary/export`), with `?format=` when there is more than one.
  // Three name the file kind in the path instead (`/audit/export.csv`,
  // `/hr/attendance/export.csv`, `/hr/reports/payroll.csv`); clients and tests call them, so they
  // keep their names. Every download sets its headers through routes/downloads.ts.
  const api = new ApiRouter();
  api.include(authRoutes(deps, passport));
  api.include(healthRoutes(deps));
  api.include(configRoutes(deps));
  api.include(lockdownRoutes(deps));
  api.include(transactionRoutes(deps));
  api.include(dashboardRoutes(deps));
  api.include(attachmentRoutes(deps));
  api.include(notificationRoutes(deps));
  api.include(reachRoutes(deps));
  api.include(emergencyRoutes(deps));
  api.include(categoryRoutes(deps));
  api.include(userRoutes(deps));
  api.include(securityRoutes(deps));
  api.include(budgetRoutes(deps));
  api.include(approvalRuleRoutes(deps));
  api.include(delegationRoutes(deps));
  api.include(partyRoutes(deps));
  api.include(auditRoutes(deps));
  api.include(adminStatsRoutes(deps));
  api.include(hrEmployeeRoutes(deps));
  api.include(hrAttendanceRoutes(deps));
  api.include(hrLeaveRoutes(deps));
  api.include(meRoutes(deps));
  api.include(hrImportRoutes(deps));
  api.include(hrNameMappingRoutes(deps));
  api.include(accountingRoutes(deps));
  api.include(gstRoutes(deps));
  api.include(tdsRoutes(deps));

  // The signed upload URL reads its raw body itself (any content type, up to 20 MB), so it is
  // mounted ahead of express.json and the session; its signature authorises it (no CSRF header).
  const uploads = uploadRoutes(deps);
  api.routes.push(...uploads.routes);
  app.use("/api", uploads.router);

  app.use(
    "/api",
    express.json({ limit: "1mb" }),
    sessionMiddleware,
    backgroundCallsKeepIdleTimeout,
    passport.initialize(),
    passport.session(),
    csrfProtection({ publicUrl: config.publicUrl, exempt: (p) => TOKEN_AUTHORISED.some((re) => re.test(p)) }),
    api.router,
  );
  // The API reference, generated from the route declarations above (and the upload route).
  app.use(
    "/api",
    openApiRouter(() => api.routes, { version: "0.1.0", serverUrl: config.publicUrl }),
  );
  app.use("/api", notFoundApi);

  const clientDir = options.clientDir;
  if (clientDir && fs.existsSync(path.join(clientDir, "index.html"))) {
    // Scripts and styles were compressed at build time (vite.config.ts): brotli or gzip by the
    // browser's Accept-Encoding, hashed names cached for a year.
    app.use(
      "/assets",
      expressStaticGzip(path.join(clientDir, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        serveStatic: { immutable: true, maxAge: "1y", fallthrough: false },
      }),
    );
    app.use(express.static(clientDir, { index: false, maxAge: 0 }));
    // The SPA answers every other page path; wouter decides what to show.
    app.get(/^\/(?!api\/|ws$).*/, (_req, res) => {
      res.setHeader("Cache-Control", "no-cache");
      res.sendFile(path.join(clientDir, "index.html"));
    });
  }

  app.use(errorHandler(logger));
  return { app, sessionMiddleware, sessionStore, routes: api.routes };
}
