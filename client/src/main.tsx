import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/App";
import { loadAppConfig } from "@/lib/app-config";
import "./index.css";

// zod compiles object schemas with `new Function` unless told not to, and probes for it even then:
// under our CSP (no 'unsafe-eval') the probe is a violation (DECISIONS §10). zod keeps its global
// configuration in globalThis.__zod_globalConfig and adopts one that exists when it loads, so this
// sets it before the first lazy chunk brings zod in, without putting zod in the sign-in bundle.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element in index.html");

// The company's time zone first (GET /api/config), so the first frame already shows its dates.
void loadAppConfig().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
