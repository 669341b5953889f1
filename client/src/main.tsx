import { StrictMode } from "react";
import { config as zodConfig } from "zod/v4/core";
import { createRoot } from "react-dom/client";
import { App } from "@/app/App";
import "./index.css";

// zod compiles object schemas with `new Function` unless told not to, and probes for it even then:
// under our CSP (no 'unsafe-eval') the probe is a violation (DECISIONS §10). Set before any parse.
zodConfig({ jitless: true });

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element in index.html");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
