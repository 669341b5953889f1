// How a read's requests per second are judged against the bare route's (DECISIONS §9).

export type ShareRound = { rps: number; bareRps: number };

/** The floor of DECISIONS §9: a read serves at least this share of the bare route's requests per second. */
export const SHARE_FLOOR = 0.25;

/**
 * A read's rounds, each measured right after the bare route's, judged by the LOWEST share: a floor
 * met only by the median round is met by luck (DECISIONS §9). Answers that
 * round's figures, whether it meets the floor, and every round's share in the order measured.
 */
export function judgeShare(rounds: readonly ShareRound[]) {
  if (rounds.length === 0) throw new Error("no round measured");
  const shares = rounds.map((r) => ({ ...r, share: r.rps / r.bareRps }));
  const lowest = shares.reduce((low, r) => (r.share < low.share ? r : low));
  return {
    rps: lowest.rps,
    bareRps: lowest.bareRps,
    shareOfBare: lowest.share,
    met: lowest.share >= SHARE_FLOOR,
    rounds: shares.map((r) => (r.share * 100).toFixed(1)).join(", "),
  };
}
