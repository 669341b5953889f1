import fs from "node:fs";
import zlib from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "tailwindcss";
import autoprefixer from "autoprefixer";
import { VitePWA } from "vite-plugin-pwa";
import path from "node:path";

const root = path.resolve(import.meta.dirname);

/**
 * Scripts and styles are compressed once, at build time, with brotli (quality 11) and gzip (level
 * 9) beside each file; the server sends the one the browser accepts (DECISIONS §9).
 */
function precompress(): Plugin {
  return {
    name: "bms-precompress",
    apply: "build",
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** The lucide icon files imported by the sources under `dir` (names resolved through lucide's index). */
function lucideIconFiles(dir: string): Set<string> {
  const lucide = fs.readFileSync(path.join(root, "node_modules/lucide-react/dist/esm/lucide-react.mjs"), "utf8");
  const fileOf = new Map<string, string>();
  for (const [, names, file] of lucide.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
    for (const [, name] of names!.matchAll(/default as (\w+)/g)) fileOf.set(name!, file!);
  }
  const files = new Set<string>();
  for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(entry)) continue;
    const source = fs.readFileSync(path.join(root, dir, entry), "utf8");
    for (const [, names] of source.matchAll(/import \{([^}]*)\} from "lucide-react"/g)) {
      for (const name of names!.split(",").map((n) => n.trim().replace(/^type\s+/, ""))) if (fileOf.has(name)) files.add(fileOf.get(name)!);
    }
  }
  return files;
}

/**
 * The icons of the signed-in shell (client/src/app/shell) as one chunk. Pages draw some of them
 * too, so each would otherwise be a chunk of its own: two dozen requests of a few hundred bytes on
 * every signed-in screen (DECISIONS §9: 150 KB a route). Icons the signed-out screens also draw
 * (sign-in, emergency links, shared components) stay apart, so those routes never fetch the group.
 */
function shellIcons(): RegExp {
  const signedOut = ["client/src/features/sign-in", "client/src/features/emergency", "client/src/components"].flatMap((dir) => [...lucideIconFiles(dir)]);
  const icons = [...lucideIconFiles("client/src/app/shell")].filter((file) => !signedOut.includes(file));
  return new RegExp(`lucide-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](${icons.join("|")})\\.mjs$`);
}

/**
 * The installable app (DECISIONS §14): the web app manifest, and the service worker of client/sw
 * built with workbox, which keeps the shell and the hashed assets (never an API answer). The app
 * registers it itself, once signed in (client/src/lib/pwa.ts), so the login route does not carry it.
 */
function installableApp() {
  return VitePWA({
    strategies: "injectManifest",
    srcDir: "sw",
    filename: "sw.ts",
    injectRegister: false,
    registerType: "prompt",
    manifest: {
      id: "/",
      name: "Business Management System",
      short_name: "BMS",
      description: "Approvals, payments and HR for your company",
      lang: "en-IN",
      start_url: "/",
      scope: "/",
      display: "standalone",
      orientation: "any",
      theme_color: "#0f172a",
      background_color: "#f8fafc",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    injectManifest: {
      // The shell, the hashed scripts and styles, and the icons; not their .br/.gz twins.
      globPatterns: ["index.html", "assets/*.{js,css}", "icons/*.png", "manifest.webmanifest"],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
}

// The SPA lives in client/; the API (server/) serves its build from dist/public.
export default defineConfig({
  root: path.join(root, "client"),
  plugins: [react(), installableApp(), precompress()],
  resolve: {
    alias: {
      "@shared": path.join(root, "shared"),
      "@": path.join(root, "client", "src"),
    },
  },
  css: {
    postcss: { plugins: [tailwindcss({ config: path.join(root, "tailwind.config.ts") }), autoprefixer()] },
  },
  build: {
    outDir: path.join(root, "dist", "public"),
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "shell-icons", test: shellIcons(), includeDependenciesRecursively: false },
            // The small primitives of forms and of lists, each shared by dozens of screens: alone, each
            // is a request of a few hundred bytes that compresses poorly; together they cost a route less
            // (DECISIONS §9; npm run bench, BENCH_ROUTE_DETAIL lists a route's scripts).
            {
              name: "form-parts",
              test: /client[\\/]src[\\/]components[\\/]ui[\\/](alert|checkbox|field|input|label|prefixed-input|select|textarea)\.tsx$/,
              includeDependenciesRecursively: false,
            },
            // What only the transaction form (create and edit) draws first: one chunk compresses better than
            // ten. A bill's tax cards (transaction-form/TaxSections.tsx) stay apart: they load with the first bill.
            {
              name: "transaction-form",
              test: /client[\\/]src[\\/]features[\\/](transactions[\\/](components[\\/]((TransactionForm|FileDropzone|ApprovalPreview)\.tsx|transaction-form[\\/](use-transaction-form\.ts|(Details|CustomFields|Priority|Attachments)Section\.tsx|FormActions\.tsx))|form-values\.ts|gst-form\.ts)|parties[\\/]components[\\/]PartyPicker\.tsx)$/,
              includeDependenciesRecursively: false,
            },
            // react-hook-form, with the resolver every form checks through, under its own name: forms
            // bring it, lists never do (tests/browser/production-build.test.ts finds it by this name).
            {
              name: "react-hook-form",
              test: /node_modules[\\/]react-hook-form[\\/]|client[\\/]src[\\/]lib[\\/]lazy-resolver\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              name: "list-parts",
              test: /client[\\/]src[\\/]components[\\/]ui[\\/](empty-state|list-state|pagination|responsive-list|stat-card)\.tsx$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": "http://localhost:5000",
      "/ws": { target: "ws://localhost:5000", ws: true },
    },
  },
});
