// The server's floors (docs/architecture.md, "The server's floors"), kept by the lint: a file may
// import from its own floor and the ones below, never from one above; and code outside the tests
// never imports the test helpers under server/test/. Imports are read as written (relative paths),
// type-only ones too: a type that runs back up ties the floors as much as a value does.
import path from "node:path";

/** The floors, lowest first. A path is a folder (ending in "/") or one file; the longest match decides. */
export const SERVER_FLOORS = [
  { name: "ground", paths: ["server/lib/", "server/clock.ts", "server/logger.ts", "server/paths.ts", "server/build-stamp.mjs", "server/services/errors.ts"] },
  // The answer cache's count of committed changes is a database fact both the cache and the
  // services' pending feed read (its version), so its module stands on the db floor.
  { name: "db", paths: ["server/db/", "server/answer-cache/version.ts"] },
  { name: "config", paths: ["server/config.ts"] },
  { name: "auth and realtime", paths: ["server/auth/", "server/realtime/", "server/storage/", "server/presenters/", "server/context.ts"] },
  { name: "services", paths: ["server/services/"] },
  { name: "middlewares", paths: ["server/middlewares/"] },
  // The answer cache keeps what routes answer: it reads the request's actor (middlewares) and the
  // visibility window (services), and routes declare it.
  { name: "answer cache", paths: ["server/answer-cache/"] },
  { name: "routes", paths: ["server/routes/"] },
  { name: "app", paths: ["server/app.ts", "server/main.ts", "server/client-build.ts", "server/cli/", "server/demo/", "server/openapi/"] },
];

const TEST_HELPERS = "server/test/";

const withoutExtension = (p) => p.replace(/\.(ts|tsx|mts|mjs|js)$/, "");

/** The floor a repository path stands on (its index in SERVER_FLOORS), or -1 when it is on none. */
export function floorOf(file) {
  let best = { length: 0, floor: -1 };
  SERVER_FLOORS.forEach(({ paths }, floor) => {
    for (const p of paths) {
      const hit = p.endsWith("/") ? file.startsWith(p) : withoutExtension(file) === withoutExtension(p);
      if (hit && p.length > best.length) best = { length: p.length, floor };
    }
  });
  return best.floor;
}

/** Calls `check(node, target)` for every relative import of the file, with the target as a repository path. */
function eachImport(context, check) {
  const cwd = context.cwd;
  const file = path.relative(cwd, path.resolve(cwd, context.filename)).split(path.sep).join("/");
  const visit = (node) => {
    const source = node.source;
    if (!source || source.type !== "Literal" || typeof source.value !== "string" || !source.value.startsWith(".")) return;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source.value));
    check(node, file, target);
  };
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit, ImportExpression: visit };
}

const layers = {
  meta: {
    type: "problem",
    docs: { description: "A server file imports only from its own floor and the floors below it." },
    schema: [],
    messages: {
      upward:
        '{{file}} is on the "{{floor}}" floor and may not import {{target}} from the "{{above}}" floor above it: move what they share down to the lower floor (docs/architecture.md, "The server\'s floors").',
    },
  },
  create(context) {
    return eachImport(context, (node, file, target) => {
      const from = floorOf(file);
      const to = floorOf(target);
      if (from === -1 || to <= from) return;
      context.report({ node, messageId: "upward", data: { file, target, floor: SERVER_FLOORS[from].name, above: SERVER_FLOORS[to].name } });
    });
  },
};

const testHelpersOnlyInTests = {
  meta: {
    type: "problem",
    docs: { description: "Only tests and server/test/ itself import the test helpers under server/test/." },
    schema: [],
    messages: { testHelper: "{{file}} is not a test and may not import the test helper {{target}}: test helpers, fixtures and factories serve tests only." },
  },
  create(context) {
    return eachImport(context, (node, file, target) => {
      if (!target.startsWith(TEST_HELPERS) || file.startsWith(TEST_HELPERS) || /\.test\.tsx?$/.test(file)) return;
      context.report({ node, messageId: "testHelper", data: { file, target } });
    });
  },
};

export const serverLayers = { meta: { name: "server-layers" }, rules: { layers, "test-helpers-only-in-tests": testHelpersOnlyInTests } };
