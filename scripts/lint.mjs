// npm run lint: ESLint (type-aware over the code that ships), knip and Prettier (the code's one
// layout: `npm run format` writes it) in two lanes side by side; fails if any fails.
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
// ESLint with types (the code that ships, tsconfig.lint.json) and without (the tests and the bench)
// run as two processes, so the longest step is shorter; together they lint every file `eslint .`
// would, each once.
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "server/test/**"];
const typed = ["eslint", ["client", "server", "shared", "scripts", "*.ts", "*.js", ...TESTS.flatMap((t) => ["--ignore-pattern", t])], toolEnv];
const untyped = ["eslint", ["--no-error-on-unmatched-pattern", "tests", "bench", "server/test", ...TESTS.filter((t) => t.includes("*.test"))], toolEnv];
const knip = ["knip", [], toolEnv];
const prettier = ["prettier", ["--check", ".", "--log-level", "warn", "--experimental-cli"]];

// Two lanes for a machine's two CPUs, about equal in length; each runs its steps one after another.
const lane = async (steps) => {
  const codes = [];
  for (const [command, args, env] of steps) codes.push(await run(command, args, env));
  return codes;
};
const codes = (await Promise.all([lane([typed]), lane([untyped, knip, prettier])])).flat();
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
