// Everything that crosses between the main thread and a worker thread, typed
// in one place for both sides: the tasks the dispatcher (src/dispatch/pool.ts)
// sends, the data a thread starts with, and the outcomes it returns. Results
// cross threads as Outcome values: thrown errors lose their class when
// structured-cloned.

import type { SpellLevel } from '../engine/results.js';
import type { SharedBloom } from '../store/bloom.js';
import type { ContentEncoding } from '../codec/encoding.js';
import type { LtCheckJob } from '../languagetool/check.js';
import type { SharedStats } from './stats.js';

/** A job that one request of a single endpoint asks for; also what a batch item is. */
export type ItemTask =
  | { name: 'spellcheckText'; text: string; level?: SpellLevel }
  | { name: 'spellcheckWord'; word: string; level?: SpellLevel }
  | { name: 'romanizeText'; text: string; maxCandidates: number }
  | { name: 'romanizeTokens'; tokens: string[]; maxCandidates: number }
  /** The 2.1 entry of a headword, or WORD_NOT_FOUND with similar words. */
  | { name: 'lookupEntry'; word: string };

/** An id a client gives a batch item, echoed in its line. */
export type BatchId = string | number;

/** A batch item: its id, its position in the request's items, and its job. */
export interface BatchItem {
  id: BatchId;
  index: number;
  task: ItemTask;
}

export type Task =
  | ItemTask
  /** Spellcheck suggestions for the word, then completions of it as a prefix (the similar_words of WORD_NOT_FOUND). */
  | { name: 'similarWords'; word: string; limit: number }
  /** The verdicts of words at level standard, in their order (a caller that keeps verdicts: the live channel). */
  | { name: 'spellcheckWords'; words: string[] }
  /** A /v2/check of a text within the spellcheck's limits: LanguageTool's answer (languagetool/check.ts). */
  | { name: 'languageToolCheck'; job: LtCheckJob }
  /**
   * One piece of a document: its NDJSON line, offsets relative to the whole
   * document (`start` is the piece's UTF-16 offset in it). `bytes` is the
   * piece's UTF-8 (valid, whole characters), decoded by the thread that runs it.
   */
  | { name: 'spellcheckPiece'; bytes: Uint8Array; piece: number; start: number }
  | { name: 'romanizePiece'; bytes: Uint8Array; maxCandidates: number; piece: number; start: number }
  /** Items of a batch, run one after another: an NDJSON line for each that succeeds. */
  | { name: 'batch'; items: BatchItem[] };

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
  /** Compress the answer of a single-answer job (ENCODED_TASKS) in this coding, when it is long enough (encoding.ts). */
  encoding?: ContentEncoding;
  /** Memory the main thread is done with, moved with the job for the thread to write answers into (transfer.ts SpareBuffers). */
  spare?: ArrayBuffer;
}

/** Failure codes a job may end with (the HTTP catalog maps them to statuses). */
export type ServiceErrorCode = 'WORD_NOT_FOUND' | 'INTERNAL_ERROR' | 'SERVICE_UNAVAILABLE' | 'CANCELLED';

export type Outcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      code: ServiceErrorCode;
      message: string;
      /** SERVICE_UNAVAILABLE: seconds until a retry may succeed. */
      retryAfterSeconds?: number;
      /** WORD_NOT_FOUND: similar headwords, best first. */
      similarWords?: string[];
    };

/** Jobs whose results can be large: serialized and compressed (when asked) on the worker, answered as an EncodedAnswer. */
export const ENCODED_TASKS: ReadonlySet<Task['name']> = new Set<Task['name']>(['spellcheckText', 'romanizeText', 'romanizeTokens', 'languageToolCheck']);

/** An answer as the bytes to send: its JSON in UTF-8, compressed when `encoding` says so. */
export interface EncodedAnswer {
  bytes: Uint8Array;
  encoding: ContentEncoding | null;
}

/** A batch item that gave no result line: the HTTP layer writes its error line. */
export interface ItemFailure {
  /** The item's position in the request (BatchItem.index). */
  index: number;
  code: ServiceErrorCode;
  message: string;
  /** WORD_NOT_FOUND of a look-up: similar headwords, best first. */
  similarWords?: string[];
}

/**
 * What a piece or batch job answers: NDJSON lines (each ending in a newline)
 * as UTF-8 bytes, moved to the caller without a copy; the counts the
 * document's totals line adds up (a spellcheck piece: misspelled and unknown
 * occurrences; a romanization piece: tokens by status); the items that failed.
 */
export interface Lines {
  bytes: Uint8Array;
  counts: Record<string, number>;
  failures: ItemFailure[];
}

/**
 * What a job answers: a failure, or its value: a plain value (small jobs),
 * an EncodedAnswer (jobs with large results: serialized, and compressed when
 * asked, off the main thread) or the Lines of a piece or batch job. Bytes
 * are moved to the caller without a copy.
 */
export type WorkerOutcome = Outcome<unknown>;
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
  /** The spellcheck results every thread shares (lang/shared-strings.ts); none when absent. */
  sharedResults?: SharedArrayBuffer;
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
