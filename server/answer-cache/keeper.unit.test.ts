// The store of kept answers: found only at the count, day and instants it holds for (a miss drops
// it), and bounded in bytes, the least recently used going first.
import { describe, expect, it } from "vitest";
import { KeptAnswers } from "./keeper";

const answer = (size: number) => ({ body: Buffer.alloc(size), encoding: "br" as const });
const kept = (size: number, over: Partial<{ version: string; day: string; from: number; until: number }> = {}) => ({
  answer: answer(size),
  version: "7",
  day: "2026-11-20",
  from: 1_000,
  until: 2_000,
  ...over,
});

describe("KeptAnswers", () => {
  it("finds an answer at its count, on its day, from its computing to its last instant", () => {
    const store = new KeptAnswers();
    const entry = kept(10);
    store.put("a", entry);
    expect(store.find("a", "7", "2026-11-20", 1_000)).toBe(entry.answer);
    expect(store.find("a", "7", "2026-11-20", 2_000)).toBe(entry.answer);
  });

  it.each([
    ["another count", "8", "2026-11-20", 1_500],
    ["another day", "7", "2026-11-21", 1_500],
    ["before it was computed", "7", "2026-11-20", 999],
    ["after the window let go of a row", "7", "2026-11-20", 2_001],
  ])("misses at %s, and drops it", (_what, version, day, at) => {
    const store = new KeptAnswers();
    store.put("a", kept(10));
    expect(store.find("a", version, day, at)).toBeUndefined();
    expect(store.size).toBe(0);
    expect(store.find("a", "7", "2026-11-20", 1_500)).toBeUndefined();
  });

  it("holds at most its bytes, dropping the least recently used first", () => {
    const store = new KeptAnswers(100);
    store.put("a", kept(40));
    store.put("b", kept(40));
    expect(store.find("a", "7", "2026-11-20", 1_500)).toBeDefined(); // a is now the most recently used
    store.put("c", kept(40));
    expect(store.find("b", "7", "2026-11-20", 1_500)).toBeUndefined();
    expect(store.find("a", "7", "2026-11-20", 1_500)).toBeDefined();
    expect(store.find("c", "7", "2026-11-20", 1_500)).toBeDefined();
  });

  it("replaces an answer kept under the same key, counting its bytes once", () => {
    const store = new KeptAnswers(100);
    store.put("a", kept(60));
    store.put("a", kept(60, { version: "8" }));
    store.put("b", kept(40));
    expect(store.size).toBe(2);
    expect(store.find("a", "8", "2026-11-20", 1_500)).toBeDefined();
  });
});
