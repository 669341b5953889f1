// `npm run lint`: typescript-eslint with a few type-aware rules that catch real bugs
// (promises left floating or passed where a callback is expected), React's hook rules, and the
// layout rules of docs/architecture.md: the server's imports only point down its floors, test
// helpers serve tests only, routes reach the database only through services, and client features
// meet only through another feature's public entry points.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { serverLayers } from "./scripts/eslint-rules/server-layers.mjs";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "migrations/**", "coverage/**", "**/*.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      parserOptions: { project: "./tsconfig.lint.json", tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false, arguments: false } }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    // The service worker has its own type program (the WebWorker library, client/sw/tsconfig.json).
    files: ["client/sw/**/*.ts"],
    languageOptions: { parserOptions: { project: "./client/sw/tsconfig.json", tsconfigRootDir: import.meta.dirname }, globals: { ...globals.serviceworker } },
  },
  {
    // npm start and npm run build: plain JavaScript, so they run without the TypeScript tools.
    files: ["scripts/**/*.mjs", "server/**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
  {
    // Tests read answer bodies loosely; the contract itself is checked by the answers test. They and
    // the bench are linted without types (tsconfig.lint.json leaves them out of the typed program):
    // type-checking them too would slow every lint; the type-aware rules guard the code that ships.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**/*.ts", "server/test/**/*.ts", "bench/**/*.ts"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { parserOptions: { project: false, projectService: false }, globals: { ...globals.node, ...globals.browser } },
    rules: { ...tseslint.configs.disableTypeChecked.rules, "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Screens load zod only when a form is first checked (lib/lazy-resolver.ts) and dialogs only when
    // opened (docs/architecture.md, "What a screen loads"): from zod and the shared schemas a screen
    // imports types; their code comes through import() where it is used.
    files: ["client/src/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["zod", "@hookform/resolvers/*", "@shared/schemas/*"],
              allowTypeImports: true,
              message: "Import types only; load schemas with import() where a form is checked (lib/lazy-resolver.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // shared/ has one cut, by resource (docs/architecture.md): a resource's requests and answers in
    // shared/schemas/<resource>.ts, over a lower floor of rules and parts that never imports them.
    files: ["shared/*.ts"],
    ignores: ["**/*.test.ts", "shared/approval-words.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["./schemas/*"], message: "The rules of shared/ sit below the resources' schemas: they do not import shared/schemas." }] },
      ],
    },
  },
  {
    files: ["shared/schemas/{answer-parts,ids,money,params,text}.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ regex: "^\\./(?!(answer-parts|ids|money|params|text)$)", message: "The parts every resource uses do not import a resource's schemas." }],
        },
      ],
    },
  },
  {
    // A feature reaches another only through that feature's index.ts; inside itself it uses
    // relative paths. (The app shell and route table in client/src/app compose features freely.)
    files: ["client/src/features/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/features/*/**"], message: "Import another feature through its index (@/features/<name>)." }] },
      ],
    },
  },
  {
    // Time comes from one clock module per side: the server's rules from the injected clock
    // (AppDeps.clock / ctx.clock, so a test can put them at any instant; server/clock.ts names the
    // few things tied to real time), the client's from client/src/lib/clock.ts; bookkeeping
    // columns take the database's now(). And a screen runs a mutation with runMutation
    // (client/src/lib/mutation.ts): mutate(variables, callbacks) drops its callbacks when the
    // component that started it is gone, which a move's own refetch often brings about.
    files: ["server/**/*.ts", "shared/**/*.ts", "client/src/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "server/test/**", "server/clock.ts", "client/src/lib/clock.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Take the time from the clock (ctx.clock(), server/clock.ts or client/src/lib/clock.ts).",
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: "Take the time from the clock (ctx.clock(), server/clock.ts or client/src/lib/clock.ts).",
        },
        {
          selector: "CallExpression[callee.property.name='mutate'][arguments.length>=2]",
          message: "Run it with runMutation (client/src/lib/mutation.ts): mutate's callbacks are dropped when the component unmounts first.",
        },
      ],
    },
  },
  {
    // Routes are declarations and thin handlers: the database is the services' business.
    files: ["server/routes/**/*.ts"],
    ignores: ["server/routes/**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["../db/*", "../../db/*"], message: "Routes call services; they do not import server/db." }] }],
    },
  },
  {
    // The server's floors (docs/architecture.md; the order is SERVER_FLOORS in the rule's module):
    // no import runs up a floor, and only tests import server/test/.
    files: ["server/**/*.{ts,mjs}"],
    ignores: ["server/**/*.test.ts", "server/test/**"],
    plugins: { server: serverLayers },
    rules: { "server/layers": "error", "server/test-helpers-only-in-tests": "error" },
  },
);
