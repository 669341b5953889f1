// `npm start`: build the client when its build is missing or older than its sources, then serve.
import { ensureClientBuild } from "./client-build";
import { runFromCommandLine } from "./main";

await ensureClientBuild();
await runFromCommandLine();
