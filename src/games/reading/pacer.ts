/**
 * Cooperative pacing for readers. A reader's parsing runs on the same thread as the bulk
 * writer's callbacks: a reader that built a whole chunk in one synchronous stretch would leave
 * the database idle, waiting for the writer's next statement, until the chunk was done. A reader
 * asks `due` between records and, when it is, awaits `giveWay()`, which lets the event loop run
 * (I/O callbacks included) so the writer sends its next statement while the reader goes on.
 */
export class Pacer {
  private last: number;

  /**
   * `sliceMs`: how long a reader may run before it gives way. `signal`: long work that should stop
   * when it is aborted (the catch-up at start when the server is told to stop): `giveWay` then
   * throws the abort reason, so the work's transaction rolls back at its next turn. `now`: the
   * clock in milliseconds (a spec passes its own).
   */
  constructor(
    private readonly sliceMs = 5,
    private readonly signal?: AbortSignal,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.last = now();
  }

  /** True once the reader has run for a whole slice since it last gave way. */
  get due(): boolean {
    return this.now() - this.last >= this.sliceMs;
  }

  /** Gives the event loop one turn; throws if the work was aborted meanwhile. */
  async giveWay(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.last = this.now();
    this.signal?.throwIfAborted();
  }
}
