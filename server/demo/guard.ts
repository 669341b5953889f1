// Demo users have published passwords: the seed never runs against a production deployment.
export const PRODUCTION_REFUSAL =
  "Refusing to seed demo data: NODE_ENV is production. Demo users have published passwords; seed a development or staging database instead.";

/** The reason the seed must not run in this environment, or null when it may. */
export function seedRefusal(env: Record<string, string | undefined>): string | null {
  return env.NODE_ENV?.trim().toLowerCase() === "production" ? PRODUCTION_REFUSAL : null;
}
