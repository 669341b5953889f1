import { defineConfig } from "vitest/config";
import path from "node:path";

const root = path.resolve(import.meta.dirname);
const alias = { "@shared": path.join(root, "shared"), "@": path.join(root, "client", "src") };

// Three suites: pure unit tests, API tests through HTTP on a real database (PostgreSQL when
// TEST_DATABASE_URL is set, embedded PGlite otherwise), and browser tests in Chromium.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["shared/**/*.test.ts", "server/**/*.unit.test.ts", "client/src/**/*.test.ts", "bench/**/*.unit.test.ts", "scripts/**/*.unit.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["server/**/*.api.test.ts", "bench/**/*.api.test.ts"],
          globalSetup: ["server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          globalSetup: ["tests/browser/global-setup.ts"],
          setupFiles: ["tests/browser/setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          environment: "node",
        },
      },
    ],
  },
});
