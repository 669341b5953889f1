// The one place the server reads the wall clock. The app's rules take time from AppDeps.clock
// (tests choose the instant); the few things tied to real time use systemClock by name: the
// session store (express-session stamps cookie expiry with the real time), file ages on disk,
// and signed URLs checked by another party.

/** The time as the app's rules see it: the real clock in production, a chosen instant in tests. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
