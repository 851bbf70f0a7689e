// Cancellation checkpoints for long jobs. A job that runs on a worker thread
// is given a StopCheck; the engines ask it between units of work that leave
// no half-built state behind (paragraphs, words, tokens of a text: never
// inside a cached analysis), and throw JobStopped when it says stop, so a job
// whose client has gone or whose time is up ends at the next unit instead of
// running to its end.

/** True when the running job should stop. */
export type StopCheck = () => boolean;

export class JobStopped extends Error {
  override name = 'JobStopped';
  constructor() {
    super('the job was stopped at a checkpoint');
  }
}

/** A StopCheck that never stops (inline jobs, tests, the data build). */
export const NEVER_STOP: StopCheck = () => false;

/** Throws JobStopped when `stop` says so. */
export function checkpoint(stop: StopCheck): void {
  if (stop()) throw new JobStopped();
}
