// Browser tests: make sure the client build is current and Chromium is there, and prepare the
// template database exactly as the API suite does.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildClient } from "../../server/client-build";
import { TEST_CLIENT_DIR } from "../../server/paths";
import { preparePgliteTemplate, preparePostgresTemplate } from "../../server/test/databases";
import { CHROMIUM_PATH } from "./support";

export default async function setup(project: TestProject) {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with 'apt-get install -y chromium' (.ci/run does)`);
  }
  // Always build, in production mode like the build users get, but into the suite's own directory
  // (dist/test-public): the suite tests the client as it is in the tree and never touches what
  // `npm start` serves.
  await buildClient({ outDir: TEST_CLIENT_DIR });

  const url = process.env.TEST_DATABASE_URL || null;
  if (url) {
    const { run, cleanup } = await preparePostgresTemplate(url);
    project.provide("postgresUrl", url);
    project.provide("testRun", run);
    project.provide("pgliteDump", null);
    return cleanup;
  } else {
    const file = path.join(os.tmpdir(), `bms-pglite-template-browser-${process.pid}.tar`);
    await preparePgliteTemplate(file);
    project.provide("postgresUrl", null);
    project.provide("testRun", null);
    project.provide("pgliteDump", file);
  }
}
