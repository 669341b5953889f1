import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "tailwindcss";
import autoprefixer from "autoprefixer";
import path from "node:path";

const root = path.resolve(import.meta.dirname);

// The SPA lives in client/; the API (server/) serves its build from dist/public.
export default defineConfig({
  root: path.join(root, "client"),
  plugins: [react()],
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
