import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { runMutation } from "./mutation";

/** A mutation as a screen holds it (useMutation's observer), whose answer comes when `answer` is called. */
function screenMutation() {
  let answer!: (value: string) => void;
  const observer = new MutationObserver<string, Error, void>(new QueryClient(), { mutationFn: () => new Promise<string>((resolve) => (answer = resolve)) });
  const unsubscribe = observer.subscribe(() => undefined);
  return { observer, unmount: unsubscribe, answer: (value: string) => answer(value) };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("runMutation", () => {
  it("reports the outcome after the screen that started the mutation is gone", async () => {
    const m = screenMutation();
    const seen: string[] = [];
    runMutation({ mutateAsync: (v: void) => m.observer.mutate(v) }, undefined, { onSuccess: (data) => seen.push(data) });
    await settled();
    m.unmount();
    m.answer("approved");
    await settled();
    expect(seen).toEqual(["approved"]);
  });

  it("reports a failure the same way", async () => {
    const observer = new MutationObserver<string, Error, void>(new QueryClient(), { mutationFn: () => Promise.reject(new Error("409: Already decided")) });
    const failures: string[] = [];
    runMutation({ mutateAsync: (v: void) => observer.mutate(v) }, undefined, { onError: (e) => failures.push(e.message) });
    await settled();
    expect(failures).toEqual(["409: Already decided"]);
  });

  it("is needed: mutate's own callbacks are dropped when the screen is gone first", async () => {
    const m = screenMutation();
    const seen: string[] = [];
    void m.observer.mutate(undefined, { onSuccess: (data) => void seen.push(data) }).catch(() => undefined);
    await settled();
    m.unmount();
    m.answer("approved");
    await settled();
    expect(seen).toEqual([]);
  });
});
