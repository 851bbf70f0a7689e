// Admission control in front of the worker pool.
//
// Why our own queue: piscina ignores its maxQueue for tasks given an
// AbortSignal, and a task in piscina's queue cannot learn that its client
// has gone. So pool jobs wait here, in a queue the dispatcher owns, and reach
// piscina only when a slot is free (at most `slots` at once, each with a
// cancel flag of its own). The dispatcher gives each thread two slots: one
// job running and the next already handed over, so a thread never idles
// while the main thread is busy reading a flood of requests.
//
// The queue is fair between clients: each client (its address, IPv6 by /64,
// or its partner key: the rate limits' identity) has a line of its own,
// first come first served within it, and the lines are served in turn, one
// job each. A client's burst then waits behind itself: another client's job
// waits for at most one job of each client ahead of it, and its expected wait
// (the refusal estimate) counts only those. A client may also hold at most
// `maxQueuedPerClient` waiting jobs, so no one client fills the queue.
//
// Invariants:
// - a job is refused AT ONCE (SERVICE_UNAVAILABLE with a retry time) when
//   the queue is full, its client's line is full, or the wait it can expect
//   (jobs ahead of it in the turns, times the recent job time, over the
//   threads) exceeds maxWaitMs: a client learns of overload in microseconds,
//   not after a timeout;
// - but a job with fewer than `patience` (two per thread) jobs ahead of it
//   is never refused for its wait: waiting for the jobs the threads are
//   already on is concurrency, not overload (four clients of slow new texts
//   on two threads were refused when every wait counted);
// - a queued job that has waited longer than maxWaitMs anyway (the estimate
//   was wrong: a run of slow jobs) is refused when found, so every admitted
//   job starts within about maxWaitMs of arrival or is refused;
// - a patient job (one of the later jobs of a document or batch whose first
//   job was admitted: its client is already being answered) is never refused
//   for its wait or a full queue, only cancelled; each such request keeps
//   only a few jobs here at once (src/dispatch/stream-jobs.ts), so patient
//   jobs cannot fill the queue, and they still count in the estimate that
//   refuses newcomers;
// - a queued job whose signal aborts leaves the queue at once and never runs;
// - every acquired ticket is released exactly once (the caller's finally).

export interface AdmissionOptions {
  /** Jobs handed to the pool at once. */
  slots: number;
  /** Threads working through them (the estimate divides by these); `slots` by default. */
  threads?: number;
  /** Jobs that may wait beyond the running ones. */
  maxQueued: number;
  /** Jobs one client may have waiting (jobs of NO_CLIENT excepted); a quarter of maxQueued (at least 1) by default. */
  maxQueuedPerClient?: number;
  /** A job that would wait (or has waited) longer than this is refused. */
  maxWaitMs: number;
  /** Job time assumed before any job has been measured. */
  initialJobMs?: number;
  /** Clock (tests); performance.now by default. */
  now?: () => number;
}

/** A running job's right to a slot; `slot` indexes the shared cancel flags. */
export interface Ticket {
  readonly slot: number;
  readonly admittedAt: number;
  readonly waitedMs: number;
  /** Jobs handed to the threads before it that were still there when it was admitted. */
  readonly ahead: number;
}

export type Refusal =
  { ok: false; code: 'SERVICE_UNAVAILABLE'; message: string; retryAfterSeconds: number } | { ok: false; code: 'CANCELLED'; message: string };

export interface AdmissionCounters {
  /** Jobs running now. */
  running: number;
  /** Jobs waiting now. */
  queued: number;
  admitted: number;
  /** Refused at arrival because the queue was full or the expected wait too long. */
  refusedOnArrival: number;
  /** Refused after waiting longer than maxWaitMs (here, or on a thread: countLateRefusal). */
  refusedAfterWait: number;
  /** Left the queue because their client went away. */
  cancelledWhileQueued: number;
  /** The recent job time (the median of the last 63), ms. */
  jobMs: number;
}

interface Waiter {
  arrivedAt: number;
  client: string;
  patient: boolean;
  resolve(t: Ticket | Refusal): void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | null;
  done: boolean;
}

/**
 * Job times kept for the estimate, which uses their median: under a burst a
 * few jobs are descheduled for many times their work (the main thread and
 * the clients take the cores), and a mean would then refuse work the
 * threads do in the next moment. Waiters that do wait too long are still
 * refused (the sweep), so an optimistic estimate cannot break the bound.
 */
const JOB_TIMES_KEPT = 63;
/** How often queued jobs are checked for having waited too long while no slot frees. */
const SWEEP_MS = 50;

/** One client's waiting jobs, oldest first (settled ones may still sit before `head`). */
interface Line {
  waiters: Waiter[];
  head: number;
  /** Waiters not yet settled. */
  live: number;
}

/** The client of jobs that name none (one line for all of them: first come, first served). */
export const NO_CLIENT = '';

export class Admission {
  private readonly opts: Required<AdmissionOptions>;
  private readonly freeSlots: number[];
  /** Lines of clients with waiting jobs, in turn order: the first is served next, then goes to the back. */
  private readonly lines = new Map<string, Line>();
  /** Waiters in all lines not yet settled. */
  private waiting = 0;
  private jobMs: number;
  private readonly recentJobMs: number[] = [];
  private sweepTimer: NodeJS.Timeout | null = null;
  private readonly counts = { admitted: 0, refusedOnArrival: 0, refusedAfterWait: 0, cancelledWhileQueued: 0 };
  private lastRefusalAt = -Infinity;

  constructor(opts: AdmissionOptions) {
    if (!Number.isInteger(opts.slots) || opts.slots < 1) throw new Error('options.slots must be a positive integer');
    if (!Number.isInteger(opts.maxQueued) || opts.maxQueued < 0) throw new Error('options.maxQueued must be a non-negative integer');
    if (!(opts.maxWaitMs > 0)) throw new Error('options.maxWaitMs must be positive');
    if (opts.maxQueuedPerClient !== undefined && (!Number.isInteger(opts.maxQueuedPerClient) || opts.maxQueuedPerClient < 1)) {
      throw new Error('options.maxQueuedPerClient must be a positive integer');
    }
    this.opts = { initialJobMs: 5, now: () => performance.now(), threads: opts.slots, maxQueuedPerClient: Math.max(1, Math.ceil(opts.maxQueued / 4)), ...opts };
    this.jobMs = this.opts.initialJobMs;
    this.freeSlots = Array.from({ length: opts.slots }, (_, i) => opts.slots - 1 - i);
  }

  get running(): number {
    return this.opts.slots - this.freeSlots.length;
  }

  get queued(): number {
    return this.waiting;
  }

  /**
   * Jobs that must finish before a job of `client` arriving now starts: those
   * handed over, its own waiting ones, and of every other client's line as
   * many as the turns serve before it (one more than its own); less the one
   * each thread is running.
   */
  private aheadOfNew(client: string): number {
    const own = this.lines.get(client)?.live ?? 0;
    let others = 0;
    for (const [c, line] of this.lines) if (c !== client) others += Math.min(line.live, own + 1);
    return Math.max(0, this.running + own + others + 1 - this.opts.threads);
  }

  /** The wait a job of `client` arriving now can expect, ms. */
  expectedWaitMs(client: string = NO_CLIENT): number {
    return (this.aheadOfNew(client) * this.jobMs) / this.opts.threads;
  }

  /** Jobs ahead a job may always wait for (two per thread). */
  get patience(): number {
    return 2 * this.opts.threads;
  }

  /** The longest a job may wait before it starts (a thread refuses one it gets later: PoolJob.deadline). */
  get maxWaitMs(): number {
    return this.opts.maxWaitMs;
  }

  /**
   * A slot for one job of `client`, or a refusal (never for a patient job).
   * Aborting `signal` while queued resolves to CANCELLED.
   */
  acquire(signal?: AbortSignal, patient = false, client: string = NO_CLIENT): Ticket | Promise<Ticket | Refusal> | Refusal {
    const now = this.opts.now();
    if (signal?.aborted) return { ok: false, code: 'CANCELLED', message: 'the client went away' };
    const wait = this.expectedWaitMs(client);
    if (!patient && this.refusesNew(wait, client)) {
      this.counts.refusedOnArrival++;
      return this.refusal(wait, now);
    }
    if (this.freeSlots.length > 0 && this.queued === 0) return this.admit(now, now);
    return new Promise<Ticket | Refusal>((resolve) => {
      const w: Waiter = { arrivedAt: now, client, patient, resolve, signal, onAbort: null, done: false };
      if (signal) {
        w.onAbort = () => {
          if (w.done) return;
          this.counts.cancelledWhileQueued++;
          this.settle(w, { ok: false, code: 'CANCELLED', message: 'the client went away' });
          this.compact(w.client);
        };
        signal.addEventListener('abort', w.onAbort, { once: true });
      }
      let line = this.lines.get(client);
      if (line === undefined) this.lines.set(client, (line = { waiters: [], head: 0, live: 0 }));
      line.waiters.push(w);
      line.live++;
      this.waiting++;
      this.startSweep();
    });
  }

  /**
   * Gives the slot back, records the job's time, and starts the next waiting
   * job. `workMs` is the time the job took on its thread (null: none to
   * record; undefined: time it from admission): the estimate must
   * not include the main thread's own delays, which a burst of arrivals
   * makes long (the time from admission to release tripled there), or it
   * would refuse work the threads could do.
   */
  release(ticket: Ticket, workMs?: number | null): void {
    const now = this.opts.now();
    // null: the job did no work worth timing (refused late on its thread, failed).
    if (workMs !== null) {
      this.recentJobMs.push(workMs ?? now - ticket.admittedAt);
      if (this.recentJobMs.length > JOB_TIMES_KEPT) this.recentJobMs.shift();
      this.jobMs = [...this.recentJobMs].sort((a, b) => a - b)[this.recentJobMs.length >> 1]!;
    }
    this.freeSlots.push(ticket.slot);
    this.dispatchWaiting(now);
  }

  /**
   * The refusal a (not patient) job arriving now would get, counted as
   * acquire() counts it; null when it would be admitted or queued. For a
   * caller that can answer before doing the work of making the job (the
   * HTTP layer, before it parses a large body).
   */
  refuseNow(client: string = NO_CLIENT): Refusal | null {
    const wait = this.expectedWaitMs(client);
    if (!this.refusesNew(wait, client)) return null;
    this.counts.refusedOnArrival++;
    return this.refusal(wait, this.opts.now());
  }

  /**
   * A job of `client` arriving now is refused: the queue or the client's line
   * is full, or it would wait too long behind more than the threads are already on.
   */
  private refusesNew(waitMs: number, client: string): boolean {
    if (this.queued >= this.opts.maxQueued) return true;
    if (client !== NO_CLIENT && (this.lines.get(client)?.live ?? 0) >= this.opts.maxQueuedPerClient) return true;
    return this.aheadOfNew(client) >= this.patience && waitMs > this.opts.maxWaitMs;
  }

  /** A job a thread refused because it reached it after its deadline. */
  countLateRefusal(): void {
    this.counts.refusedAfterWait++;
    this.lastRefusalAt = this.opts.now();
  }

  /** Recently refused a job (health reports the service degraded meanwhile). */
  refusedWithin(ms: number): boolean {
    return this.opts.now() - this.lastRefusalAt <= ms;
  }

  counters(): AdmissionCounters {
    return { running: this.running, queued: this.queued, ...this.counts, jobMs: Math.round(this.jobMs * 100) / 100 };
  }

  /** Refuses every waiting job (shutdown). */
  drain(message: string): void {
    const now = this.opts.now();
    for (const line of this.lines.values()) {
      for (let i = line.head; i < line.waiters.length; i++) {
        const w = line.waiters[i]!;
        if (!w.done) this.settle(w, { ok: false, code: 'SERVICE_UNAVAILABLE', message, retryAfterSeconds: 1 });
      }
    }
    this.lines.clear();
    this.waiting = 0;
    this.lastRefusalAt = now;
    this.stopSweep();
  }

  // ---- internals

  private admit(arrivedAt: number, now: number): Ticket {
    const ahead = this.running;
    const slot = this.freeSlots.pop()!;
    this.counts.admitted++;
    return { slot, admittedAt: now, waitedMs: now - arrivedAt, ahead };
  }

  private refusal(waitMs: number, now: number): Refusal {
    this.lastRefusalAt = now;
    const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
    return { ok: false, code: 'SERVICE_UNAVAILABLE', message: `the service is overloaded; retry after ${retryAfterSeconds} s`, retryAfterSeconds };
  }

  /** Takes a waiter out of the counts and answers it; it stays in its line's array until compacted. */
  private settle(w: Waiter, outcome: Ticket | Refusal): void {
    w.done = true;
    this.waiting--;
    const line = this.lines.get(w.client);
    if (line) line.live--;
    if (w.signal && w.onAbort) w.signal.removeEventListener('abort', w.onAbort);
    w.resolve(outcome);
  }

  /**
   * Hands free slots to the waiters, a job from each line in turn (the served
   * line goes to the back); refuses those that waited too long.
   */
  private dispatchWaiting(now: number): void {
    while (this.freeSlots.length > 0 && this.waiting > 0) {
      const [client, line] = this.lines.entries().next().value!;
      const w = line.waiters[line.head++]!;
      if (!w.done) {
        if (!w.patient && now - w.arrivedAt > this.opts.maxWaitMs) {
          this.counts.refusedAfterWait++;
          this.settle(w, this.refusal(this.expectedWaitMs(client), now));
        } else this.settle(w, this.admit(w.arrivedAt, now));
      }
      // To the back of the turns, or out when empty.
      this.lines.delete(client);
      if (this.skipSettled(line)) this.lines.set(client, line);
    }
    if (this.waiting === 0) this.stopSweep();
  }

  /** Refuses waiters that have waited too long while no slot freed (a run of slow jobs). */
  private sweep(): void {
    const now = this.opts.now();
    for (const [client, line] of this.lines) {
      for (let i = line.head; i < line.waiters.length; i++) {
        const w = line.waiters[i]!;
        if (w.done || w.patient) continue;
        // First come, first served within a line: once one has not waited too long, neither has any behind it.
        if (now - w.arrivedAt <= this.opts.maxWaitMs) break;
        this.counts.refusedAfterWait++;
        this.settle(w, this.refusal(this.expectedWaitMs(client), now));
      }
      this.compact(client);
    }
  }

  /** Drops a client's line once nothing in it waits (a cancelled or refused waiter). */
  private compact(client: string): void {
    const line = this.lines.get(client);
    if (line !== undefined && !this.skipSettled(line)) this.lines.delete(client);
    if (this.waiting === 0) this.stopSweep();
  }

  /** Moves the line's head past settled waiters (trimming the array now and then); false when nothing waits in it. */
  private skipSettled(line: Line): boolean {
    while (line.head < line.waiters.length && line.waiters[line.head]!.done) line.head++;
    if (line.head === line.waiters.length) return false;
    if (line.head > 1024 && line.head * 2 > line.waiters.length) {
      line.waiters = line.waiters.slice(line.head);
      line.head = 0;
    }
    return true;
  }

  private startSweep(): void {
    if (this.sweepTimer) return;
    this.sweepTimer = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweepTimer.unref();
  }

  private stopSweep(): void {
    if (!this.sweepTimer) return;
    clearInterval(this.sweepTimer);
    this.sweepTimer = null;
  }
}
