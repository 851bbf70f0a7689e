// The pool jobs of one streamed answer (a document's pieces, a batch's
// groups of items), run a few at a time and handed to the caller as they
// are wanted.
//
// Invariants:
// - at most `inFlight` jobs run (are at the pool) at once: a document
//   neither fills the admission queue nor takes more than its share of the
//   threads;
// - a job starts as soon as one settles, not when the caller takes a
//   result: in document order one slow piece would otherwise idle every
//   thread behind it (measured: a 100,000-word document ran no faster than
//   its pieces one at a time);
// - at most `held` results (running, or finished and not yet handed over)
//   exist at once: memory is bounded, and a caller that stops pulling (a
//   client that reads slowly: the HTTP layer waits for its socket) stops
//   new jobs once that many wait;
// - the first job is admitted like any request's (it may be refused at once
//   as overload: the caller then refuses the whole request before writing
//   anything); the later ones are patient (admission.ts): the client is
//   already being answered, so they wait for a thread however long it takes;
// - `signal` aborting (the client went away), or the caller returning early,
//   cancels every job not yet taken: queued ones leave the queue, running
//   ones stop at their next checkpoint.

import type { Lines, LinesJobOptions, Outcome } from './services.js';

export interface JobResult<J> {
  job: J;
  /** The job's position in `jobs`. */
  index: number;
  outcome: Outcome<Lines>;
}

export interface JobStreamOptions {
  /** Jobs running at once, at most. */
  inFlight: number;
  /** Results running or waiting to be handed over, at most (at least inFlight). */
  held: number;
  /** Hand results over in the order of `jobs` (a document) or as they finish (a batch). */
  ordered: boolean;
  signal?: AbortSignal;
  /** Whose jobs they are (LinesJobOptions.client). */
  client?: string;
}

export async function* streamJobs<J>(
  jobs: Iterable<J>,
  run: (job: J, options: LinesJobOptions) => Promise<Outcome<Lines>>,
  { inFlight, held, ordered, signal, client }: JobStreamOptions,
): AsyncGenerator<JobResult<J>, void, undefined> {
  const stop = new AbortController();
  const onAbort = (): void => stop.abort();
  if (signal?.aborted) stop.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const source = jobs[Symbol.iterator]();
  interface Started {
    job: J;
    index: number;
    settled: Promise<Started>;
    outcome: Outcome<Lines> | null;
  }
  /** Started and not yet handed over, in order. */
  const started: Started[] = [];
  const most = Math.max(1, inFlight);
  const room = Math.max(most, held);
  let running = 0;
  let next = 0;
  let exhausted = false;
  /** Starts jobs while fewer than `inFlight` run and fewer than `held` are kept; called again as each settles. */
  const refill = (): void => {
    while (!exhausted && running < most && started.length < room && !stop.signal.aborted) {
      const n = source.next();
      if (n.done) {
        exhausted = true;
        break;
      }
      const s: Started = { job: n.value, index: next, settled: null as unknown as Promise<Started>, outcome: null };
      const settle = (o: Outcome<Lines>): Started => {
        s.outcome = o;
        running--;
        refill();
        return s;
      };
      running++;
      s.settled = run(n.value, { signal: stop.signal, patient: next > 0, client }).then(settle, (err: unknown) =>
        // Services answer Outcomes; a throw is a bug, answered as this job's failure.
        settle({ ok: false, code: 'INTERNAL_ERROR', message: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
      );
      next++;
      started.push(s);
    }
  };
  try {
    refill();
    while (started.length > 0) {
      const done = ordered ? await started[0]!.settled : await Promise.race(started.map((s) => s.settled));
      started.splice(started.indexOf(done), 1);
      refill();
      yield { job: done.job, index: done.index, outcome: done.outcome! };
    }
  } finally {
    stop.abort();
    signal?.removeEventListener('abort', onAbort);
  }
}
