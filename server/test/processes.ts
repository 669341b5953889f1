// Real server processes for tests that need them (restarts, several processes on one PostgreSQL, CLI).
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { withMigrationOwner } from "./databases";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export type ServerProcess = { url: string; child: ChildProcess; output: () => string; stop(signal?: NodeJS.Signals): Promise<number | null> };

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  // Node itself with tsx's loader, not the tsx command: the tsx command runs the program in a child
  // process of its own, so a SIGKILL sent to it would kill the wrapper and leave the server running.
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", PORT: String(port), ...withMigrationOwner(env) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/auth/me`);
      if (res.status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output: () => output,
    stop(signal = "SIGTERM") {
      return new Promise((resolve) => {
        // Already gone: exited by itself (exitCode) or killed by a signal (signalCode, exitCode null).
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once("exit", (code) => resolve(code));
        child.kill(signal);
      });
    },
  };
}

export function runCli(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(TSX, [script, ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "warn", ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Polls `probe` every 20 ms until it answers something truthy; fails after the timeout, or at once if `server` exits. */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  options: { timeoutMs?: number; server?: ServerProcess } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (options.server && options.server.child.exitCode !== null) throw new Error(`server exited while waiting for ${what}:\n${options.server.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${options.server ? `\n${options.server.output()}` : ""}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
