import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { preparePgliteTemplate, preparePostgresTemplate } from "./databases";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string | null;
    pgliteDump: string | null;
    /** The test run's id: its PostgreSQL template and databases are named after it. */
    testRun: string | null;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL || null;
  if (url) {
    const { run, cleanup } = await preparePostgresTemplate(url);
    project.provide("postgresUrl", url);
    project.provide("testRun", run);
    project.provide("pgliteDump", null);
    return cleanup;
  } else {
    const file = path.join(os.tmpdir(), `bms-pglite-template-${process.pid}.tar`);
    await preparePgliteTemplate(file);
    project.provide("postgresUrl", null);
    project.provide("testRun", null);
    project.provide("pgliteDump", file);
  }
}
