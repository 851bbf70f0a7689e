// The pool jobs of one streamed answer (a document's pieces, a batch's
// groups of items), run a few at a time and handed to the caller as they
// are wanted.
//
// Invariants:
// - at most `inFlight` jobs are started and not yet handed to the caller
//   (the next starts as a result is handed over, so the threads keep busy
//   while it is written): a document neither fills the admission queue nor
//   holds more than inFlight + 1 answers in memory, and a caller that stops
//   pulling (a client that reads slowly: the HTTP layer waits for its
//   socket) stops new jobs;
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
  /** Jobs started and not yet taken, at most. */
  inFlight: number;
  /** Hand results over in the order of `jobs` (a document) or as they finish (a batch). */
  ordered: boolean;
  signal?: AbortSignal;
}

export async function* streamJobs<J>(
  jobs: Iterable<J>,
  run: (job: J, options: LinesJobOptions) => Promise<Outcome<Lines>>,
  { inFlight, ordered, signal }: JobStreamOptions,
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
  const started: Started[] = [];
  let next = 0;
  let exhausted = false;
  /** Starts jobs until `inFlight` are started and not handed over. */
  const refill = (): void => {
    while (!exhausted && started.length < Math.max(1, inFlight) && !stop.signal.aborted) {
      const n = source.next();
      if (n.done) {
        exhausted = true;
        break;
      }
      const s: Started = { job: n.value, index: next, settled: null as unknown as Promise<Started>, outcome: null };
      s.settled = run(n.value, { signal: stop.signal, patient: next > 0 }).then(
        (o) => {
          s.outcome = o;
          return s;
        },
        (err: unknown) => {
          // Services answer Outcomes; a throw is a bug, answered as this job's failure.
          s.outcome = { ok: false, code: 'INTERNAL_ERROR', message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
          return s;
        },
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
      // The next job starts while this result is written.
      refill();
      yield { job: done.job, index: done.index, outcome: done.outcome! };
    }
  } finally {
    stop.abort();
    signal?.removeEventListener('abort', onAbort);
  }
}
