// The test app listening on a real port with its socket hub and pending feed, as server/main.ts
// runs them, and sign-ins whose session cookie a socket can carry.
import http from "node:http";
import type { AddressInfo } from "node:net";
import supertest from "supertest";
import { createApp } from "../app";
import { attachSocketHub, type SocketHub } from "../realtime/hub";
import { startPendingFeed, type PendingFeed } from "../services/transactions/pending-feed";
import type { AppDeps } from "../context";
import { CSRF_HEADER } from "./harness";
import { TEST_PASSWORD } from "./factories";

export type SocketInstance = { url: string; port: number; hub: SocketHub; feed: PendingFeed; app: ReturnType<typeof createApp>["app"]; stop(): Promise<void> };

export async function startSocketInstance(deps: AppDeps): Promise<SocketInstance> {
  const { app, sessionMiddleware } = createApp(deps);
  const server = http.createServer(app);
  const hub = attachSocketHub({ server, sessionMiddleware, bus: deps.bus, db: deps.database.db, config: deps.config, logger: deps.logger, clock: deps.clock });
  const feed = startPendingFeed({ db: deps.database.db, bus: deps.bus, hub, clock: deps.clock, config: deps.config, logger: deps.logger });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hub,
    feed,
    app,
    async stop() {
      await feed.close();
      await hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Signs `username` in through the instance's app; answers the session cookie. */
export async function sessionCookie(instance: Pick<SocketInstance, "app">, username: string): Promise<string> {
  const res = await supertest(instance.app).post("/api/auth/login").set(CSRF_HEADER).send({ username, password: TEST_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.headers["set-cookie"] as unknown as string[]).map((c) => c.split(";")[0]).join("; ");
}
