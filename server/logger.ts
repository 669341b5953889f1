import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    // Never let credentials reach the logs.
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", "password", "*.password", "newPassword"], remove: true },
  });
}
