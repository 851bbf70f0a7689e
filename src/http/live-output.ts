// A bound on the live channel's unsent output in the whole process. Each
// connection is bounded (LIVE_MAX_BUFFERED_BYTES, then it is dropped as a
// slow reader), but many connections that never read could each hold nearly
// that much: 128 of them held about half a gigabyte. Past
// LIVE_MAX_TOTAL_BUFFERED_BYTES together, the connections holding the most
// unread bytes (the slowest readers) are dropped first, until the total is
// back under the bound.
//
// Only connections with bytes waiting are watched: one is added when a send
// leaves bytes buffered and leaves when uWS says it drained (or it closes).
// Their total is read every CHECK_MS while any is watched, and at once after
// an eighth of the bound has been sent to them since the last reading, so the
// total passes the bound by at most about an eighth between readings.

/** How often the watched connections are summed while any has bytes waiting. */
const CHECK_MS = 100;

export class OutputBound<S> {
  private readonly watched = new Set<S>();
  private sentSinceCheck = 0;
  private timer: NodeJS.Timeout | null = null;
  private lastTotal = 0;

  constructor(
    private readonly limit: number,
    /** Bytes a connection has not yet handed to the kernel. */
    private readonly buffered: (s: S) => number,
    /** Drops a connection over the bound (it is forgotten here first). */
    private readonly drop: (s: S) => void,
  ) {}

  /** The total found at the last reading (metrics). */
  get unsentBytes(): number {
    return this.lastTotal;
  }

  /** After a send of `bytes` to `s`. */
  sent(s: S, bytes: number): void {
    if (this.buffered(s) === 0) return;
    this.watched.add(s);
    this.sentSinceCheck += bytes;
    if (this.sentSinceCheck * 8 > this.limit) this.check();
    else if (this.timer === null) {
      this.timer = setInterval(() => this.check(), CHECK_MS);
      this.timer.unref();
    }
  }

  /** uWS's drain: `s` may have nothing waiting any more. */
  drained(s: S): void {
    if (this.buffered(s) === 0) this.forget(s);
  }

  forget(s: S): void {
    this.watched.delete(s);
    if (this.watched.size === 0) this.stop();
  }

  /** Sums the watched connections; over the bound, drops the largest holders until it is not. */
  check(): void {
    this.sentSinceCheck = 0;
    let total = 0;
    const holding: [S, number][] = [];
    for (const s of this.watched) {
      const b = this.buffered(s);
      if (b === 0) this.watched.delete(s);
      else {
        total += b;
        holding.push([s, b]);
      }
    }
    if (total > this.limit) {
      holding.sort((x, y) => y[1] - x[1]);
      for (const [s, b] of holding) {
        if (total <= this.limit) break;
        this.watched.delete(s);
        this.drop(s);
        total -= b;
      }
    }
    this.lastTotal = total;
    if (this.watched.size === 0) this.stop();
  }

  private stop(): void {
    this.lastTotal = 0;
    if (this.timer !== null) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
