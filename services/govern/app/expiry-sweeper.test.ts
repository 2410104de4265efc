import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../../lib/clock.js";
import { silentLogger } from "../../../lib/logger.js";
import { MemoryEventBus } from "../../../lib/bus/memory-event-bus.js";
import { checkpointChangedSubject, type CheckpointChanged } from "../domain/checkpoint-changed.js";
import type { CheckpointLifecycle } from "./checkpoint-lifecycle.js";
import { ExpirySweeper } from "./expiry-sweeper.js";

type Due = Awaited<ReturnType<CheckpointLifecycle["due"]>>[number];

/**
 * The two lifecycle calls the sweeper makes, with `due` answering only when
 * the test releases it: the store's answer can then be made to predate an
 * event the bus delivers while the query is in flight.
 */
class HeldLifecycle {
  readonly expired: string[] = [];
  private release: ((rows: Due[]) => void) | undefined;
  queried: Promise<void>;
  private markQueried!: () => void;

  constructor() {
    this.queried = new Promise((r) => (this.markQueried = r));
  }

  due(): Promise<Due[]> {
    this.markQueried();
    return new Promise((resolve) => (this.release = resolve));
  }

  answer(rows: Due[]): void {
    this.release!(rows);
  }

  async expire(due: Due): Promise<void> {
    this.expired.push(due.id);
  }
}

describe("ExpirySweeper", () => {
  const logger = silentLogger();
  let sweeper: ExpirySweeper | undefined;
  afterEach(() => sweeper?.stop());

  const changed = (id: string, status: string, expiresAt: number): CheckpointChanged => ({
    id,
    workspace_id: "ws_a",
    revision: status === "pending" ? 1 : 2,
    status,
    expires_at: expiresAt,
  });

  it("keeps the changes that arrive while its schedule loads, in order", async () => {
    const clock = new ManualClock(1_000_000);
    const bus = new MemoryEventBus({ logger });
    const lifecycle = new HeldLifecycle();
    sweeper = new ExpirySweeper({
      lifecycle: lifecycle as unknown as CheckpointLifecycle,
      bus,
      clock,
      logger,
      intervalMs: 1000,
      eventsReachAll: true,
    });
    const tick = sweeper.sweep();
    await lifecycle.queried;
    // Created after the store was read: only the events tell of them.
    const subject = checkpointChangedSubject("ws_a");
    await bus.publish(subject, changed("cp_new", "pending", clock.now() + 30_000));
    await bus.publish(subject, changed("cp_gone", "pending", clock.now() + 30_000));
    await bus.publish(subject, changed("cp_gone", "cancelled", clock.now() + 30_000));
    await new Promise((r) => setTimeout(r, 20));
    lifecycle.answer([]);
    await tick;

    clock.advance(30_000);
    await sweeper.sweep();
    expect(lifecycle.expired).toEqual(["cp_new"]);
  });
});
