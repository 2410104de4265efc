import { describe, expect, it } from "vitest";
import { ExpirySchedule } from "./expiry-schedule.js";

const at = (id: string, expiresAt: number) => ({ workspaceId: "ws_a", id, expiresAt });

describe("ExpirySchedule", () => {
  it("hands out due checkpoints soonest first, each once, leaving the rest", () => {
    const s = new ExpirySchedule();
    for (const [id, t] of [["c", 30], ["a", 10], ["d", 40], ["b", 20]] as const) s.add(at(id, t));
    expect(s.takeDue(25, 10).map((e) => e.id)).toEqual(["a", "b"]);
    expect(s.takeDue(25, 10)).toEqual([]);
    expect(s.takeDue(100, 1).map((e) => e.id)).toEqual(["c"]);
    expect(s.size).toBe(1);
  });

  it("forgets a removed checkpoint and keeps only the latest time of a rescheduled one", () => {
    const s = new ExpirySchedule();
    s.add(at("a", 10));
    s.add(at("b", 10));
    s.remove("a");
    s.add(at("b", 50));
    expect(s.takeDue(20, 10)).toEqual([]);
    expect(s.takeDue(50, 10)).toEqual([at("b", 50)]);
    expect(s.size).toBe(0);
  });

  it("is replaced wholesale by reset, and stays ordered through many changes", () => {
    const s = new ExpirySchedule();
    s.add(at("old", 1));
    s.reset([at("x", 5), at("y", 3)]);
    expect(s.takeDue(10, 10).map((e) => e.id)).toEqual(["y", "x"]);
    const times = Array.from({ length: 2000 }, (_, i) => (i * 7919) % 1000);
    times.forEach((t, i) => s.add(at(`k${i}`, t)));
    for (let i = 0; i < 2000; i += 3) s.remove(`k${i}`);
    const out = s.takeDue(1000, 5000).map((e) => e.expiresAt);
    expect(out).toEqual([...out].sort((a, b) => a - b));
    expect(out).toHaveLength(2000 - Math.ceil(2000 / 3));
  });
});
