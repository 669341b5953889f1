// The one key a login name is compared by (DECISIONS §10): Unicode NFKC, then JavaScript's
// toLowerCase. Lookup at sign-in, uniqueness of usernames and the sign-in throttle all use it, and
// the database only ever compares keys made here: PostgreSQL's lower() follows the database's
// locale and folds some letters differently (Turkish 'İ' becomes 'i' there, 'i̇' here), so
// `vİjay` would sign in as, or be throttled apart from, `vijay`.
export function usernameKey(username: string): string {
  return username.normalize("NFKC").trim().toLowerCase();
}
