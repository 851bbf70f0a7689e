// Everything that crosses between the main thread and a worker thread, typed
// in one place for both sides: the tasks the dispatcher (src/dispatch/pool.ts)
// sends, the data a thread starts with, and the outcomes it returns. Results
// cross threads as Outcome values: thrown errors lose their class when
// structured-cloned.

import type { SharedBloom } from '../store/bloom.js';
import type { SharedStats } from './stats.js';

export type Task =
  | { name: 'spellcheckText'; text: string }
  | { name: 'spellcheckWord'; word: string }
  | { name: 'similarWords'; word: string; limit: number }
  | { name: 'romanizeText'; text: string; maxCandidates: number }
  | { name: 'romanizeTokens'; tokens: string[]; maxCandidates: number }
  /** Test hook: makes the worker thread exit mid-task (only honoured when ALLOW_CRASH_TASK=1). */
  | { name: 'crash' };

export type TaskName = Task['name'];

/**
 * A pool job as sent to a worker: the task and where its cancel flag is.
 * The main thread cancels job `id` by storing `id` at `cancelFlags[slot]`
 * (Atomics.store); the running job reads it at its checkpoints. Comparing
 * with the id (not a boolean) means a late cancel of a finished job can
 * never stop the next job given the same slot.
 */
export interface PoolJob {
  task: Task;
  slot: number;
  id: number;
  /**
   * Date.now() after which the job must not start: a thread holds several
   * jobs, and one reached too late is refused (SERVICE_UNAVAILABLE) instead
   * of run, so the wait bound holds even while the main thread is too busy
   * to hand jobs over one at a time.
   */
  deadline: number;
}

export type { StopCheck } from '../engine/lang/checkpoint.js';

/** Failure codes a job may end with (the HTTP catalog maps them to statuses). */
export type ServiceErrorCode = 'WORD_NOT_FOUND' | 'INTERNAL_ERROR' | 'SERVICE_UNAVAILABLE' | 'CANCELLED';

export type Outcome<T> = { ok: true; value: T } | { ok: false; code: ServiceErrorCode; message: string; retryAfterSeconds?: number };

/** A failed job's Outcome, or the result: a value, or (jobs with large results) its JSON as UTF-8 bytes, moved to the caller without a copy. */
export type WorkerOutcome = Outcome<unknown> | Uint8Array;

/** What a thread needs to open its engines (worker/engines.ts). */
export interface EngineOptions {
  /** The build folder (native-data/current resolved). */
  dataDir: string;
  /** The verified Bloom filter in shared memory, or null when it is missing or corrupt. */
  bloom: SharedBloom | null;
  /** Bytes of the thread's engine caches (lang/budget-cache.ts CachePlan); 0 caches nothing. */
  cacheBytes: number;
  /**
   * Warm the engines at start: 'full' (the default: worker threads), 'light'
   * (the main thread, which answers only the small jobs kept inline, and
   * starts before the pool's threads), or false (the start-up probe, tests).
   */
  warmUp?: 'full' | 'light' | false;
  /** Int32Array(1): read errors of the store, counted by every thread (health and /up read it). */
  storeFaults?: SharedArrayBuffer;
}

/** piscina's workerData for every worker thread. */
export interface WorkerData extends EngineOptions {
  stats: SharedStats;
  /** Int32Array(1): threads that have finished opening the store (see worker.ts). */
  readiness: SharedArrayBuffer;
  /** Int32Array(slots): the cancel flags of PoolJob. */
  cancelFlags: SharedArrayBuffer;
  /** Float64Array(slots): the time the last job of each slot took on its thread, ms (the admission estimate). */
  jobTimes: SharedArrayBuffer;
}
