// /api/openapi.json and a browsable /api/docs (Swagger UI served from our own origin, so the CSP
// needs no outside script).
import { createRequire } from "node:module";
import path from "node:path";
import express, { type Router } from "express";
import type { RouteDef } from "../routes/api-router";
import { buildOpenApiDocument } from "./document";

const require = createRequire(import.meta.url);

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Business Management System API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

const INIT_JS = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true });`;

export function openApiRouter(routes: () => RouteDef[], info: { version: string; serverUrl: string }): Router {
  const router = express.Router();
  let cached: unknown = null;
  router.get("/openapi.json", (_req, res) => {
    cached ??= buildOpenApiDocument(routes(), info);
    res.json(cached);
  });
  const assets = path.dirname(require.resolve("swagger-ui-dist/package.json"));
  router.use("/docs/assets", express.static(assets, { maxAge: "1d" }));
  router.get("/docs/init.js", (_req, res) => res.type("application/javascript").send(INIT_JS));
  router.get("/docs", (_req, res) => res.type("html").send(DOCS_HTML));
  return router;
}
