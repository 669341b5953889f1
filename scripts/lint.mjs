// npm run lint: ESLint (type-aware over the code that ships), knip and Prettier (the code's one
// layout: `npm run format` writes it) side by side, not one after the other; fails if any fails.
// Each one's output is printed when it ends, whole.
import { spawn } from "node:child_process";

function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

// The type checkers under ESLint and knip make short-lived objects by the million: a larger young
// generation spares them most of their scavenges, which a small machine feels in the lint's time.
const toolEnv = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-semi-space-size=64`.trim() };
const codes = await Promise.all([run("eslint", ["."], toolEnv), run("knip", [], toolEnv), run("prettier", ["--check", ".", "--log-level", "warn"])]);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
