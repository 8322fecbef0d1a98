/**
 * Every delayed action of the simulator goes through one scheduler so closing the server can cancel all of them:
 * a test that closes the simulator must not leave timers (or late callbacks) behind.
 */
export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  after(delayMs: number, action: () => void): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      action();
    }, delayMs);
    this.timers.add(timer);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  get pending(): number {
    return this.timers.size;
  }
}
