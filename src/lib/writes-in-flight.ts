/**
 * File writes left to finish while the caller goes on: a page is rendered while the one before it is
 * still on its way to disk, or a page is linked while the ones before are. Each write waits on the disk
 * (a rename over a file forces its data out), so awaiting each one in turn leaves the CPU idle for as
 * long again as the rendering takes.
 *
 * At most `limit` writes are in flight: a caller that starts one more waits for one to finish first, so
 * a large update never holds every page it rendered in memory at once. A failed write is kept and thrown
 * by the next {@link add} or by {@link settled}, never left as an unhandled rejection.
 */
export class WritesInFlight {
  readonly #pending = new Set<Promise<void>>();
  #failure: { error: unknown } | null = null;
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Leaves `write` in flight; waits while `limit` writes already are. Throws the first failure so far. */
  async add(write: Promise<unknown>): Promise<void> {
    const tracked: Promise<void> = write
      .then(
        () => {},
        (error: unknown) => {
          this.#failure ??= { error };
        },
      )
      .finally(() => this.#pending.delete(tracked));
    this.#pending.add(tracked);
    if (this.#pending.size >= this.#limit) await Promise.race(this.#pending);
    this.#throwFailure();
  }

  /** Waits until every write is done; throws the first that failed. */
  async settled(): Promise<void> {
    await Promise.all(this.#pending);
    this.#throwFailure();
  }

  /** Waits until every write is done, failed or not, and throws nothing: for a caller already failing. */
  async drained(): Promise<void> {
    await Promise.all(this.#pending);
  }

  #throwFailure(): void {
    if (this.#failure) throw this.#failure.error;
  }
}
