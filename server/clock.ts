// The one place the server reads the wall clock. The app's rules take time from AppDeps.clock
// (tests choose the instant); the few things tied to real time use systemClock by name: the
// session store (express-session stamps cookie expiry with the real time), file ages on disk,
// and signed URLs checked by another party.
import type { Clock } from "./context";

export const systemClock: Clock = () => new Date();
