import { describe, expect, it, vi } from "vitest";
import { connectSocket, reconnectDelay, shouldReconnect, socketUrl } from "./socket";

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: unknown) {
    this.onmessage?.({ data });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup() {
  FakeSocket.all = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const handlers = { onMessage: vi.fn(), onLockdown: vi.fn(), onUnauthorized: vi.fn() };
  const conn = connectSocket({
    ...handlers,
    userId: "u1",
    role: "Approver",
    url: "ws://host/ws",
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => {},
  });
  const runNextTimer = () => timers.shift()!.fn();
  return { conn, timers, handlers, runNextTimer, current: () => FakeSocket.all[FakeSocket.all.length - 1] };
}

describe("the real-time connection (spec 000 §7, §9)", () => {
  it("backs off 1 s doubling up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it("uses wss: on https pages", () => {
    expect(socketUrl({ protocol: "https:", host: "bms.example.in" })).toBe("wss://bms.example.in/ws");
    expect(socketUrl({ protocol: "http:", host: "localhost:5000" })).toBe("ws://localhost:5000/ws");
  });

  it("announces {type:'auth', userId, role} once open", () => {
    const { current } = setup();
    current().open();
    expect(JSON.parse(current().sent[0])).toEqual({ type: "auth", userId: "u1", role: "Approver" });
  });

  it("names the feeds it follows in the auth message, and says when it closes", () => {
    FakeSocket.all = [];
    const onClose = vi.fn();
    connectSocket({
      onMessage: vi.fn(),
      onLockdown: vi.fn(),
      onClose,
      userId: "u1",
      role: "Approver",
      follows: ["pending"],
      url: "ws://host/ws",
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      setTimer: () => 0,
      clearTimer: () => {},
    });
    const socket = FakeSocket.all[0]!;
    socket.open();
    expect(JSON.parse(socket.sent[0]!)).toEqual({ type: "auth", userId: "u1", role: "Approver", follows: ["pending"] });
    socket.drop(1006);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("passes messages on and only logs unparseable ones", () => {
    const { current, handlers } = setup();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    current().open();
    current().receive(JSON.stringify({ type: "user_notification", message: "hi", isPriority: false }));
    current().receive("not json");
    expect(handlers.onMessage).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it("reconnects at most 10 times with growing delays, and never after a normal close", () => {
    const { current, timers, runNextTimer } = setup();
    const delays: number[] = [];
    for (let i = 0; i < 12; i++) {
      current().drop(1006);
      if (timers.length === 0) break;
      delays.push(timers[0].ms);
      runNextTimer();
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000, 30000]);

    const second = setup();
    second.current().open();
    second.current().drop(1000);
    expect(second.timers).toHaveLength(0);
  });

  it("a successful open resets the attempts", () => {
    const { current, timers, runNextTimer } = setup();
    current().drop(1006);
    runNextTimer();
    current().open();
    current().drop(1006);
    expect(timers[0].ms).toBe(1000);
  });

  it("{type:'lockdown'} or close 4423 calls onLockdown once, without reconnecting", () => {
    const a = setup();
    a.current().open();
    a.current().receive(JSON.stringify({ type: "lockdown" }));
    a.current().drop(4423);
    expect(a.handlers.onLockdown).toHaveBeenCalledTimes(1);
    expect(a.timers).toHaveLength(0);

    const b = setup();
    b.current().drop(4423);
    expect(b.handlers.onLockdown).toHaveBeenCalledTimes(1);
  });

  it("close 4401 ends the session without reconnecting", () => {
    const { current, handlers, timers } = setup();
    current().drop(4401);
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(timers).toHaveLength(0);
  });

  it("close() closes normally and stops reconnecting", () => {
    const { conn, current, timers } = setup();
    current().open();
    conn.close();
    expect(current().readyState).toBe(3);
    expect(timers).toHaveLength(0);
    expect(shouldReconnect(1006)).toBe(true);
  });

  it("does not come back after 4429 (the socket made room for the user's newer ones)", () => {
    expect(shouldReconnect(4429)).toBe(false);
  });
});
