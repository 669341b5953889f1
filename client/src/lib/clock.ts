// The one place the client reads the wall clock (the lint refuses `new Date()` and `Date.now()`
// elsewhere), so a test can tell which code depends on the current time.
export function currentTime(): Date {
  return new Date();
}
