/**
 * A counting semaphore: at most `size` holders at once, the rest wait their turn in arrival
 * order (no timeout). The PostgreSQL database runs its write transactions through one, so
 * imports queue instead of taking every pooled connection and starving reads.
 */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  /** Runs `work` once a slot is free, and frees the slot when it settles. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}
