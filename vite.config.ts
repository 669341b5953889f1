import fs from "node:fs";
import zlib from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "tailwindcss";
import autoprefixer from "autoprefixer";
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
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

// The SPA lives in client/; the API (server/) serves its build from dist/public.
export default defineConfig({
  root: path.join(root, "client"),
  plugins: [react(), precompress()],
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
  },
  server: {
    proxy: {
      "/api": "http://localhost:5000",
      "/ws": { target: "ws://localhost:5000", ws: true },
    },
  },
});
