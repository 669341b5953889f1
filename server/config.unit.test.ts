// The environment table of DECISIONS §1: defaults, refusals, and secrets generated once into DATA_DIR.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bms-config-"));
  dirs.push(dir);
  return dir;
}

describe("loadConfig", () => {
  it("defaults: port 5000, embedded database, Asia/Kolkata, 24-hour links, admin, 32 MB embedded cache, PUBLIC_URL on the port", () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c).toMatchObject({
      port: 5000,
      databaseUrl: null,
      gcsBucket: null,
      appTimezone: "Asia/Kolkata",
      emergencyLinkTtlHours: 24,
      adminUsername: "admin",
      adminPassword: null,
      pgliteSharedBuffersMb: 32,
      publicUrl: "http://localhost:5000",
      isProduction: false,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://bms.example.in//" }).publicUrl).toBe("https://bms.example.in");
  });

  it("generates the secrets once into DATA_DIR/secrets.json (0600) and reuses them on the next start", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const file = path.join(dir, "secrets.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.uploadSigningKey).not.toBe(first.sessionSecret);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(second.uploadSigningKey).toBe(first.uploadSigningKey);
    // Given in the environment, they win and nothing new is written.
    const given = dataDir();
    expect(loadConfig({ DATA_DIR: given, SESSION_SECRET: "s", UPLOAD_SIGNING_KEY: "u" })).toMatchObject({ sessionSecret: "s", uploadSigningKey: "u" });
    expect(fs.existsSync(path.join(given, "secrets.json"))).toBe(false);
  });

  it("refuses to start in production without SESSION_SECRET", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir() })).toThrow("SESSION_SECRET is required when NODE_ENV=production");
    expect(loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir(), SESSION_SECRET: "x" }).isProduction).toBe(true);
  });

  it("refuses numbers that are not positive integers and unknown time zones, naming the variable", () => {
    for (const name of ["PORT", "EMERGENCY_LINK_TTL_HOURS", "PGLITE_SHARED_BUFFERS_MB"]) {
      // PORT=0 is allowed: it asks for a free port (below).
      for (const bad of name === "PORT" ? ["-5", "1.5", "lots"] : ["0", "-5", "1.5", "lots"]) {
        expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: bad })).toThrow(`${name} must be a positive integer, got "${bad}"`);
      }
    }
    expect(() => loadConfig({ DATA_DIR: dataDir(), APP_TIMEZONE: "Mars/Olympus" })).toThrow('APP_TIMEZONE "Mars/Olympus" is not a known time zone');
    expect(loadConfig({ DATA_DIR: dataDir(), PGLITE_SHARED_BUFFERS_MB: "64", EMERGENCY_LINK_TTL_HOURS: "6" })).toMatchObject({
      pgliteSharedBuffersMb: 64,
      emergencyLinkTtlHours: 6,
    });
  });

  it("PORT=0 asks the system for a free port (tests)", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: "0" }).port).toBe(0);
  });
});
