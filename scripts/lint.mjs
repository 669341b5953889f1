// npm run lint: ESLint (type-aware over the code that ships) and knip side by side, not one
// after the other; fails if either fails. Each one's output is printed when it ends, whole.
import { spawn } from "node:child_process";

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all([run("eslint", ["."]), run("knip", [])]);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
