// What the HTTP front end asks of the rest of the service. The front end
// (src/http) only sees this interface; src/dispatch/pool.ts implements it by
// running small jobs inline and large ones on the piscina worker pool.
//
// Every method resolves to an Outcome instead of throwing: errors lose their
// class when structured-cloned across threads, and the HTTP layer maps codes
// to statuses through its one error catalog.

import type { SpellLevel, DictionaryEntryResult, EnglishMatch, RomanizationResult, SpellcheckTextResult, SpellcheckWordResult } from '../engine/results.js';
import type { ExampleSentence } from '../store/types.js';
import type { ContentEncoding } from '../codec/encoding.js';
import type { LtCheckAnswer, LtCheckJob } from '../languagetool/check.js';
import type { Lines, Outcome, Task } from '../worker/protocol.js';

// The protocol's types the callers of Services name (a batch's items and
// lines, outcomes), as the worker threads answer them.
export type { BatchId, BatchItem, ItemFailure, ItemTask, Lines } from '../worker/protocol.js';

/**
 * A result already serialized to JSON where it was computed (a worker
 * thread), as UTF-8 bytes: their buffer is transferred to the main thread
 * without a copy, JSON.stringify and the UTF-8 encoding run off the main
 * thread, and the HTTP layer writes the bytes as they are. (A 1,000-token
 * romanization result is about 350 KB of JSON.)
 */
export class Serialized<T> {
  declare readonly result?: T;
  constructor(
    readonly json: Uint8Array,
    /** Set when the bytes are already compressed in this coding (JobOptions.encoding). */
    readonly encoding: ContentEncoding | null = null,
    /** The bytes are in a buffer of their own (moved from a worker): once written, their memory may be reused (spare-buffers.ts). */
    readonly owned = false,
  ) {}
}

/** How a job that may run on the pool is run. */
export interface JobOptions {
  /** Aborts when the client has gone (see Services). */
  signal?: AbortSignal;
  /** The coding the client accepts: a long answer made on a worker thread is compressed there (Serialized.encoding says whether it was). */
  encoding?: ContentEncoding | null;
  /** Spellcheck: how strict (SpellLevel; standard when absent). */
  level?: SpellLevel;
  /** Whose job it is (the rate limits' identity): pool jobs of different clients are served in turn. */
  client?: string;
}

/** The pool jobs that answer NDJSON Lines: a piece of a document, or a group of batch items. */
export type LinesTask = Extract<Task, { name: 'spellcheckPiece' | 'romanizePiece' | 'batch' }>;

export interface LinesJobOptions {
  signal?: AbortSignal;
  /**
   * The job belongs to a request already being answered (a document's or a
   * batch's later jobs): it waits for a thread however long that takes,
   * instead of being refused for its wait (admission.ts).
   */
  patient?: boolean;
  /** Whose job it is (JobOptions.client). */
  client?: string;
}

export type { Outcome, ServiceErrorCode } from '../worker/protocol.js';

/** Per-dictionary answer of multi_dict=true: the entry, or null when that dictionary lacks the word. */
export interface MultiDictResult {
  word: string;
  results: { dictionary: string; entry: DictionaryEntryResult | null }[];
}

/** include_variants=true: the query's own entry (or null) and the entries of its spelling variants. */
export interface VariantsResult {
  word: string;
  entry: DictionaryEntryResult | null;
  variants: { word: string; differences: string[]; entry: DictionaryEntryResult }[];
}

export interface LookupFound {
  entry: DictionaryEntryResult;
}

export interface ExamplesResult {
  word: string;
  /** Forms of the word that the sentences matched (the headword and its inflections). */
  forms: string[];
  examples: ExampleSentence[];
}

/** The meaning search's answer: the query as read and the Nepali words that match it, best first. */
export interface EnglishSearchResult {
  query: string;
  results: EnglishMatch[];
}

/** The worker pool's admission counters since start (src/dispatch/admission.ts). */
export interface PoolStats {
  workers: number;
  /** Jobs on the threads now. */
  running: number;
  /** Jobs waiting for a thread now. */
  queued: number;
  admitted: number;
  /** Refused with 503 on arrival: the queue was full or the expected wait too long. */
  refused: number;
  /** Refused with 503 after waiting longer than the bound (the estimate was too hopeful). */
  refusedWaiting: number;
  /** Dropped from the queue or stopped at a checkpoint because their client went away. */
  cancelled: number;
  /** Stopped because they ran longer than the task timeout. */
  timedOut: number;
  /** Recent job time on a thread, ms (the admission estimate). */
  jobMs: number;
}

/** One cache of the engines, summed over the threads. */
export interface CacheStats {
  name: string;
  entries: number;
  /** Estimated bytes held (lang/budget-cache.ts). */
  bytes: number;
  /** Its budget in every thread, together. */
  budgetBytes: number;
}

/** Where the process's memory is. */
export interface MemoryStats {
  /** Resident anonymous memory (heaps, caches); null where /proc is not. */
  rssAnonBytes: number | null;
  /** Resident file-backed memory (mostly the mapped store). */
  rssFileBytes: number | null;
  /** V8 heap used, summed over the threads. */
  heapBytes: number;
  /** V8 heap committed, all threads (used, free and fragmented pages). */
  heapCommittedBytes: number;
  /** ArrayBuffers and Buffers outside the heaps, all threads. */
  externalBytes: number;
  threads: number;
  /** Each thread's cache budget (CACHE_MB). */
  cacheBudgetBytes: number;
  caches: CacheStats[];
}

export interface HealthSnapshot {
  databaseConnected: boolean;
  entriesCount: number;
  wordsCount: number;
  bloomLoaded: boolean;
  lruHits: number;
  lruMisses: number;
  /** Human-readable impairments; empty when healthy. */
  issues: string[];
  /** Absent where there is no pool (test doubles). */
  pool?: PoolStats;
  memory?: MemoryStats;
}

export interface Services {
  /** The entry of a headword; WORD_NOT_FOUND (with similarWords) when no dictionary has it. */
  /** Answered at once (no promise) when the store has the word: a look-up is the commonest request. */
  lookup(
    word: string,
  ): Outcome<DictionaryEntryResult | Serialized<DictionaryEntryResult>> | Promise<Outcome<DictionaryEntryResult | Serialized<DictionaryEntryResult>>>;
  lookupVariants(word: string): Promise<Outcome<VariantsResult>>;
  lookupMultiDict(word: string): Promise<Outcome<MultiDictResult>>;
  /** Words like the given one (spellcheck suggester + prefix index), at most `limit`, best first. */
  similarWords(word: string, limit: number): Promise<Outcome<string[]>>;
  // The jobs below may run on the worker pool. `signal` aborts when the
  // client has gone: a queued job is dropped, a running one stops at its next
  // checkpoint, and the outcome is CANCELLED (nothing is answered). A job the
  // pool cannot take in time is SERVICE_UNAVAILABLE with retryAfterSeconds.
  suggest(prefix: string, limit: number): Promise<Outcome<string[]>>;
  /**
   * SERVICE_UNAVAILABLE (counted as a refused job) when a pool job asked
   * for now would be refused at once, else null: the HTTP layer asks before
   * it parses and checks a large text's body, so that a flood of requests
   * the pool cannot take costs the main thread as little as possible.
   */
  refuseIfOverloaded(client?: string): Outcome<never> | null;
  examples(word: string, limit: number): Promise<Outcome<ExamplesResult>>;
  /** The Nepali words whose English meanings match the query, best first, at most `limit`. */
  searchEnglish(query: string, limit: number): Promise<Outcome<EnglishSearchResult>>;
  spellcheckWord(word: string, signal?: AbortSignal, level?: SpellLevel): Promise<Outcome<SpellcheckWordResult>>;
  /** The verdicts (level standard) of words a caller keeps verdicts of, in their order (SpellcheckMemo); at most a text's worth. */
  spellcheckWords(words: string[], options?: JobOptions): Promise<Outcome<SpellcheckWordResult[]>>;
  /** The caller has already checked the 10,000-character and 1,000-word limits. */
  spellcheckText(text: string, options?: JobOptions): Promise<Outcome<SpellcheckTextResult | Serialized<SpellcheckTextResult>>>;
  /** A /v2/check of a text within the same limits (checked by the caller): LanguageTool's answer, made where the text is checked (`level` is the job's). */
  languageToolCheck(job: LtCheckJob, options?: JobOptions): Promise<Outcome<LtCheckAnswer | Serialized<LtCheckAnswer>>>;
  romanizeText(text: string, maxCandidates: number, options?: JobOptions): Promise<Outcome<RomanizationResult | Serialized<RomanizationResult>>>;
  romanizeTokens(tokens: string[], maxCandidates: number, options?: JobOptions): Promise<Outcome<RomanizationResult | Serialized<RomanizationResult>>>;
  /** A document piece or a group of batch items, on the pool (every item within the single endpoints' limits, checked by the caller). */
  runLines(task: LinesTask, options?: LinesJobOptions): Promise<Outcome<Lines>>;
  /** Threads that run pool jobs: a document or batch keeps a few jobs per thread in flight. */
  poolThreads(): number;
  /** The id of the data build every answer comes from (the xxh64 the build wrote in store/CHECKSUM.json): part of the ETag of cacheable answers. */
  dataVersion(): string;
  health(): Promise<HealthSnapshot>;
  /** False once the store cannot be read (GET /up answers 503 then). */
  storeReadable(): boolean;
  /** Stops the worker pool; in-flight jobs finish first. */
  close(): Promise<void>;
}
