// What the app is built from. Tests build the real app from these with a test database.
import type { DatabaseHandle } from "./db/client";
import type { EventBus } from "./realtime/bus";
import type { Config } from "./config";
import type { Logger } from "./logger";
import type { ObjectStore } from "./storage/object-store";
import type { Clock } from "./clock";
import type { Role } from "../shared/constants";

export type AppDeps = {
  database: DatabaseHandle;
  bus: EventBus;
  config: Config;
  logger: Logger;
  clock: Clock;
  storage: ObjectStore;
};

/** The signed-in user acting on a request, as services see them. */
export type Actor = {
  id: string;
  role: Role;
  name: string;
  username: string;
  visibilityWindowDays: number;
  /**
   * The employee this user is (DECISIONS §15), read with the session on every request; null or
   * absent: none. The "Me" services act on this employee only (services/hr/me.ts meOf).
   */
  employeeId?: string | null;
};
