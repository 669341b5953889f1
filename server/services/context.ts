// The one calling convention of services (docs/architecture.md): a context first, then plain
// arguments. The context is the world a rule may touch (database, clock, object store, bus,
// settings, log) and, for a person's action, who acts and from where (for the audit trail).
// Helpers that run inside a caller's database transaction take that transaction (`q`/`tx`)
// instead: they are parts of a service, never called by a route.
import type { Db } from "../db/client";
import type { EventBus } from "../realtime/bus";
import type { Config } from "../config";
import type { Logger } from "../logger";
import type { ObjectStore } from "../storage/object-store";
import type { Actor, AppDeps } from "../context";
import type { Clock } from "../clock";
import { toIsoDate } from "../../shared/format";

export type ServiceContext = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  storage: ObjectStore;
  config: Config;
  logger: Logger;
};

/** A service context for a request: `ip` is the client address the audit trail records. */
export type RequestContext = ServiceContext & { ip: string | null };

/** A service context for a signed-in person's action. */
export type ActingContext = RequestContext & { actor: Actor };

export function serviceContext(deps: AppDeps): ServiceContext {
  return { db: deps.database.db, clock: deps.clock, bus: deps.bus, storage: deps.storage, config: deps.config, logger: deps.logger };
}

export function requestContext(deps: AppDeps, ip?: string | null): RequestContext {
  return { ...serviceContext(deps), ip: ip ?? null };
}

export function actingContext(deps: AppDeps, actor: Actor, ip?: string | null): ActingContext {
  return { ...serviceContext(deps), actor, ip: ip ?? null };
}

/** Today's date in the app's time zone, by the context's clock (DECISIONS §1 APP_TIMEZONE). */
export function todayOf(ctx: Pick<ServiceContext, "clock"> & { config: Pick<Config, "appTimezone"> }): string {
  return toIsoDate(ctx.clock(), ctx.config.appTimezone);
}
