// The server's settings the screens follow (GET /api/config, DECISIONS §2), loaded once before the
// app draws: every date, "today" and "this month" is the company's (APP_TIMEZONE), never the
// browser's, so a user travelling in Dubai sees the same day on every screen as the office does.
import { currentTime } from "@/lib/clock";
import type { AppConfig } from "@shared/schemas/config";
import { getDisplayTimeZone, setDisplayTimeZone, toIsoDate } from "@shared/format";

/** Loads the config and sets the display zone. Without an answer the browser's zone stands in, and the app still opens. */
export async function loadAppConfig(fetchImpl: typeof fetch = fetch): Promise<void> {
  try {
    const res = await fetchImpl("/api/config", { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!res.ok) return;
    const config = (await res.json()) as AppConfig;
    setDisplayTimeZone(config.timeZone);
  } catch {
    // Offline or the server restarting: the screens still open; their calls will say what is wrong.
  }
}

/** The company's time zone, as the server named it. */
export function appTimeZone(): string {
  return getDisplayTimeZone();
}

/** Today's date in the company's zone ('YYYY-MM-DD'). */
export function todayInAppZone(now: Date = currentTime()): string {
  return toIsoDate(now, appTimeZone());
}
