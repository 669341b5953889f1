import { describe, expect, it } from "vitest";
import { judgeShare } from "./share";

describe("a read's share of the bare route (DECISIONS §9)", () => {
  it("is judged by its lowest round, and every round is reported in the order measured", () => {
    // The median round (27 %) meets the floor; the lowest (22.5 %) does not.
    const judged = judgeShare([
      { rps: 266, bareRps: 1000 },
      { rps: 225, bareRps: 1000 },
      { rps: 270, bareRps: 1000 },
    ]);
    expect(judged).toEqual({ rps: 225, bareRps: 1000, shareOfBare: 0.225, met: false, rounds: "26.6, 22.5, 27.0" });
  });

  it("is met when every round clears 25 %, with the lowest round's own figures", () => {
    const judged = judgeShare([
      { rps: 420, bareRps: 1500 },
      { rps: 300, bareRps: 1100 },
      { rps: 390, bareRps: 1200 },
    ]);
    expect(judged.met).toBe(true);
    expect(judged.shareOfBare).toBeCloseTo(300 / 1100);
    expect([judged.rps, judged.bareRps]).toEqual([300, 1100]);
  });

  it("is missed by a single round under the floor", () => {
    expect(
      judgeShare([
        { rps: 260, bareRps: 1000 },
        { rps: 249, bareRps: 1000 },
        { rps: 300, bareRps: 1000 },
      ]).met,
    ).toBe(false);
  });
});
