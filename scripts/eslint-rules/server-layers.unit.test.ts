// The lint keeps the server's floors (docs/architecture.md, "The server's floors"): each rule is
// run on a small offending file, so it cannot stop firing unnoticed, and the project's own ESLint
// configuration is asked whether it turns both on for server code.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ESLint, Linter } from "eslint";
import tseslint from "typescript-eslint";
import { floorOf, SERVER_FLOORS, serverLayers } from "./server-layers.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const RULES = ["server/layers", "server/test-helpers-only-in-tests"] as const;

function lint(filename: string, code: string): Linter.LintMessage[] {
  const linter = new Linter({ configType: "flat", cwd: ROOT });
  const config: Linter.Config[] = [
    {
      files: ["**/*.ts"],
      languageOptions: { parser: tseslint.parser as Linter.Parser },
      plugins: { server: serverLayers },
      rules: Object.fromEntries(RULES.map((rule) => [rule, "error"])),
    },
  ];
  return linter.verify(code, config, { filename: path.join(ROOT, filename) });
}

const rulesOf = (messages: Linter.LintMessage[]) => messages.map((m) => m.ruleId);

describe("server floors", () => {
  it("refuses an import from a floor above: db may not reach auth, the hub may not reach a middleware", () => {
    expect(rulesOf(lint("server/db/migrate.ts", 'import { usernameKey } from "../auth/username-key";'))).toEqual(["server/layers"]);
    expect(rulesOf(lint("server/realtime/hub.ts", 'import { ABSOLUTE_SESSION_MS } from "../middlewares/auth";'))).toEqual(["server/layers"]);
    expect(rulesOf(lint("server/auth/prune.ts", 'import { prunePinFailures } from "../services/emergency-approvers";'))).toEqual(["server/layers"]);
  });

  it("counts type-only imports, re-exports and dynamic imports too", () => {
    expect(rulesOf(lint("server/db/schema.ts", 'import type { LedgerMap } from "../services/books/vouchers";'))).toEqual(["server/layers"]);
    expect(rulesOf(lint("server/services/users.ts", 'export { requireRole } from "../middlewares/auth";'))).toEqual(["server/layers"]);
    expect(rulesOf(lint("server/middlewares/auth.ts", 'export async function f() { return import("../routes/api-router"); }'))).toEqual(["server/layers"]);
  });

  it("names both files and both floors in its message", () => {
    const [message] = lint("server/realtime/hub.ts", 'import { getLockdown } from "../services/lockdown";');
    expect(message.message).toContain(
      'server/realtime/hub.ts is on the "auth and realtime" floor and may not import server/services/lockdown from the "services" floor',
    );
  });

  it("lets a file import its own floor and the floors below", () => {
    expect(
      lint(
        "server/routes/users.ts",
        'import { requireRole } from "../middlewares/auth";\nimport { createUser } from "../services/users";\nimport { usernameKey } from "../lib/username-key";',
      ),
    ).toEqual([]);
    expect(lint("server/auth/throttle.ts", 'import { tooManyRequests } from "../services/errors";\nimport { loginFailures } from "../db/schema";')).toEqual([]);
    expect(
      lint("server/services/prune.ts", 'import { pruneLoginFailures } from "../auth/throttle";\nimport { prunePinFailures } from "./emergency-approvers";'),
    ).toEqual([]);
  });

  it("puts the answer cache between the middlewares and the routes: routes and the session's reader above may use it, it may not use a route, and auth may not reach it", () => {
    expect(lint("server/routes/dashboard.ts", 'import { keptAnswer } from "../answer-cache/keeper";')).toEqual([]);
    expect(
      lint(
        "server/answer-cache/keeper.ts",
        'import { actorOf } from "../middlewares/auth";\nimport { seesEverything } from "../services/transactions/visibility";',
      ),
    ).toEqual([]);
    expect(rulesOf(lint("server/answer-cache/keeper.ts", 'import type { RouteDef } from "../routes/api-router";'))).toEqual(["server/layers"]);
    expect(rulesOf(lint("server/auth/session-store.ts", 'import { keptAnswer } from "../answer-cache/keeper";'))).toEqual(["server/layers"]);
    // The count of changes is a database fact: the services' pending feed reads it, and it reads only the db floor.
    expect(lint("server/services/transactions/pending-feed.ts", 'import { answersVersion } from "../../answer-cache/version";')).toEqual([]);
    expect(rulesOf(lint("server/answer-cache/version.ts", 'import { todayOf } from "../services/context";'))).toEqual(["server/layers"]);
    expect(SERVER_FLOORS.map((f) => f.name)).toEqual([
      "ground",
      "db",
      "config",
      "auth and realtime",
      "services",
      "middlewares",
      "answer cache",
      "routes",
      "app",
    ]);
  });

  it("puts every file on the longest path that names it", () => {
    expect(SERVER_FLOORS[floorOf("server/services/errors.ts")].name).toBe("ground");
    expect(SERVER_FLOORS[floorOf("server/services/users.ts")].name).toBe("services");
    expect(floorOf("server/test/harness.ts")).toBe(-1);
  });
});

describe("test helpers serve tests only", () => {
  it("refuses server/test/ in production code", () => {
    expect(rulesOf(lint("server/services/hr/testing.ts", 'import { CSRF_HEADER } from "../../test/harness";'))).toEqual(["server/test-helpers-only-in-tests"]);
    expect(rulesOf(lint("server/routes/transactions.ts", 'import { makeCategory } from "../test/transaction-fixtures";'))).toEqual([
      "server/test-helpers-only-in-tests",
    ]);
  });

  it("lets tests and server/test/ itself import them", () => {
    expect(lint("server/routes/users.api.test.ts", 'import { createTestApp } from "../test/harness";')).toEqual([]);
    expect(lint("server/test/hr-fixtures.ts", 'import { CSRF_HEADER } from "./harness";')).toEqual([]);
  });
});

describe("the project's ESLint configuration", () => {
  const eslint = new ESLint({ cwd: ROOT });

  it("turns both rules on for the server's code", async () => {
    for (const file of ["server/db/migrate.ts", "server/realtime/hub.ts", "server/services/hr/importer.ts", "server/build-stamp.mjs"]) {
      const { rules } = (await eslint.calculateConfigForFile(path.join(ROOT, file))) as Linter.Config;
      for (const rule of RULES) expect([file, rules?.[rule]]).toEqual([file, [2]]);
    }
  });

  it("leaves tests and the test helpers out of the floors", async () => {
    for (const file of ["server/db/sql.api.test.ts", "server/test/harness.ts"]) {
      const { rules } = (await eslint.calculateConfigForFile(path.join(ROOT, file))) as Linter.Config;
      expect([file, rules?.["server/layers"]]).toEqual([file, undefined]);
    }
  });
});
