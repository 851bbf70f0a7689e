// The Services the HTTP layer calls, over a piscina worker pool and an inline
// copy of the engines on the main thread. Where each job runs is decided in
// one place, placeJob(), from measurements (bench/RESULTS.md#inline-vs-pool).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { DEFAULTS, type Config } from '../config.js';
import { confusionKey } from '../engine/spell/confusion.js';
import { findExamples } from '../engine/lookup/examples.js';
import { searchEnglish } from '../engine/lookup/english.js';
import { lookupEntryJson, lookupMultiDict } from '../engine/lookup/entry.js';
import { lookupVariants } from '../engine/lookup/variants.js';
import { suggestWords } from '../engine/lookup/suggest.js';
import { normalizeWord } from '../engine/lang/normalize.js';
import { SharedStrings, type SharedStringsFigures } from '../engine/lang/shared-strings.js';
import type { DictionaryEntryResult, RomanizationResult, SpellcheckTextResult, SpellcheckWordResult, SpellLevel } from '../engine/results.js';
import { BloomFilter } from '../store/bloom.js';
import { resolveDataDir } from '../store/data-dir.js';
import { BLOOM_FILE } from '../store/lmdb-layout.js';
import { verifyStoreChecksum } from '../store/store-checksum.js';
import { analysesUsable, openEngines, verdictsUsable, type Engines } from '../worker/engines.js';
import { StatSlot, createSharedStats, sumStats, type SharedStats } from '../worker/stats.js';
import type { ContentEncoding } from '../codec/encoding.js';
import type { LtCheckAnswer, LtCheckJob } from '../languagetool/check.js';
import {
  ENCODED_TASKS,
  type EncodedAnswer,
  type Lines,
  type Outcome,
  type PoolJob,
  type Task,
  type WorkerData,
  type WorkerOutcome,
} from '../worker/protocol.js';
import { runTask, SIMILAR_WORDS_MAX } from '../worker/tasks.js';
import { Admission } from './admission.js';
import { mainSpares } from './spare-buffers.js';
import {
  Serialized,
  type CacheStats,
  type EnglishSearchResult,
  type ExamplesResult,
  type HealthSnapshot,
  type JobOptions,
  type LinesJobOptions,
  type LinesTask,
  type MultiDictResult,
  type Services,
  type VariantsResult,
} from './services.js';

export interface PoolOptions {
  dataDir: string;
  workers: number;
  /** Bytes of each thread's engine caches. */
  cacheBytes: number;
  /** A job still running after this long is told to stop at its next checkpoint and answered 500. */
  taskTimeoutMs?: number;
  /** Pool jobs that may wait for a thread beyond the running ones (admission.ts). */
  maxQueued?: number;
  /** A pool job that would wait longer than this for a thread is refused with 503. */
  maxQueueWaitMs?: number;
  /** Run every job on the calling thread, synchronously (config PIPELINING=sync): no job is ever answered later than its request is read. */
  allInline?: boolean;
  /** The worker threads' entry module (a file: URL); the service's own, src/worker/worker.ts, unless a test gives one that wraps it. */
  workerUrl?: string;
}

/** Defaults of PoolOptions (the service takes them from config.ts). */
const POOL_DEFAULTS = { taskTimeoutMs: DEFAULTS.taskTimeoutMs, maxQueued: DEFAULTS.queueMax, maxQueueWaitMs: DEFAULTS.queueMaxWaitMs } as const;

/** The pool's options from the service configuration. */
export function poolOptions(config: Config): PoolOptions {
  return {
    dataDir: config.dataDir,
    workers: config.workers,
    cacheBytes: config.cacheMb * 2 ** 20,
    taskTimeoutMs: config.taskTimeoutMs,
    maxQueued: config.queueMax,
    maxQueueWaitMs: config.queueMaxWaitMs,
    allInline: config.pipelining === 'sync',
  };
}

/**
 * A job that ignores its stop flag this long after its timeout (an engine
 * loop without a checkpoint) has its worker terminated; piscina replaces it.
 */
const HARD_STOP_GRACE_MS = 5_000;

/**
 * Jobs handed to each thread at once: the running one and the next few, so
 * a thread does not wait for the main thread (busy reading requests under
 * load) between two jobs. Few, because a job handed over waits behind the
 * others on its thread even when another thread is free: behind a thread's
 * first, cold job (870 ms) every job of a 512-deep handover expired. A job a
 * thread reaches after its deadline is refused, a cancelled one ends at its
 * first checkpoint (bench/journal/2026-11-25.md#overload).
 */
const JOBS_PER_THREAD = 4;

/**
 * Each worker's heap bounds. A heap commits about twice what it uses
 * between full collections, so the bounds, not the caches (CACHE_MB), set
 * how much memory the threads hold after many new texts; the old
 * generation keeps room above what a thread uses then (its caches and one
 * job: a job is at most one request's text, batch and document jobs are cut
 * to that). With the main thread's young generation bounded too
 * (config.ts YOUNG_GENERATION_FLAG) they keep the process under 400 MiB
 * (bench/journal/2026-11-26.md#bounded-heaps).
 */
const WORKER_OLD_GENERATION_MB = 112;
const WORKER_YOUNG_GENERATION_MB = 6;

/** Health says "degraded" for this long after the pool last refused a job. */
const OVERLOAD_REPORT_MS = 10_000;

/**
 * Jobs at or under these sizes run inline on the main thread: a pool round
 * trip costs about 20 µs plus structured cloning, more than the job itself.
 * Larger texts go to the pool so one big request never blocks the event loop.
 * Figures behind the thresholds: bench/RESULTS.md#inline-vs-pool.
 */
export const INLINE_MAX_TEXT_CHARS = 200;
export const INLINE_MAX_TOKENS = 20;

export type Placement = 'inline' | 'pool';

export function placeJob(task: Task): Placement {
  switch (task.name) {
    case 'spellcheckWord':
    case 'similarWords':
    case 'lookupEntry':
      return 'inline';
    case 'spellcheckText':
    case 'romanizeText':
      return task.text.length <= INLINE_MAX_TEXT_CHARS ? 'inline' : 'pool';
    case 'languageToolCheck':
      return task.job.plain.length <= INLINE_MAX_TEXT_CHARS ? 'inline' : 'pool';
    case 'spellcheckWords':
      // As the text the words would make (one separator each).
      return task.words.reduce((n, w) => n + w.length + 1, 0) <= INLINE_MAX_TEXT_CHARS ? 'inline' : 'pool';
    case 'romanizeTokens':
      return task.tokens.length <= INLINE_MAX_TOKENS ? 'inline' : 'pool';
    case 'spellcheckPiece':
    case 'romanizePiece':
    case 'batch':
      return 'pool';
  }
}

/** The shared table's name among the caches of health and /metrics. */
export const SHARED_RESULTS_CACHE = 'spell.shared';
/** How long health reuses the shared table's figures (health is never refused, and is asked as often as a client likes). */
const SHARED_FIGURES_MS = 1000;

/**
 * The spellcheck results the threads share (lang/shared-strings.ts): a ring
 * of a 16th of one thread's cache budget (2 MiB for CACHE_MB=32: some 50,000
 * results of words checked in full; at most 32 MiB) and a slot per 8 code
 * units of it; none when caching is off.
 */
export function sharedResultsTable(cacheBytes: number): SharedArrayBuffer | null {
  if (cacheBytes <= 0) return null;
  // At most 32 MiB of ring (CACHE_MB may be 65,536): far more than the words a service ever checks in full.
  const units = 2 ** Math.min(24, Math.max(10, Math.floor(Math.log2(cacheBytes / 32))));
  return SharedStrings.allocate(units, units / 8);
}

/** How one job is run (run()). */
interface RunOptions {
  signal?: AbortSignal;
  encoding?: ContentEncoding | null;
  patient?: boolean;
  /** Whose job it is: the admission queue serves clients in turn (admission.ts). */
  client?: string;
}

/**
 * Loads and verifies the Bloom filter into shared memory; null (with the
 * reason) when missing or corrupt. The reason goes to health, so it names
 * no path and no system message: those go to stderr.
 */
export function loadBloom(buildDir: string, expectedChecksum: string | undefined): { bloom: BloomFilter | null; problem: string | null } {
  const path = join(buildDir, BLOOM_FILE);
  const slower = 'spellcheck answers from LMDB alone and is slower';
  try {
    const bloom = BloomFilter.parse(readFileSync(path), true);
    if (expectedChecksum && bloom.checksum() !== expectedChecksum) {
      console.error(`[store] ${path} does not match the store it was built with`);
      return { bloom: null, problem: `Bloom filter not loaded (it belongs to another build); ${slower}` };
    }
    return { bloom, problem: null };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    console.error(`[store] ${path} not loaded: ${(err as Error).message}`);
    const reason = code === 'ENOENT' ? 'file is missing' : code ? `file cannot be read: ${code}` : 'file is corrupt';
    return { bloom: null, problem: `Bloom filter not loaded (${reason}); ${slower}` };
  }
}

/** The process's resident memory: anonymous (heaps, caches) apart from file-backed (the mapped store), from /proc (null elsewhere). */
function processMemory(): { anon: number | null; file: number | null } {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (k: string): number | null => {
      const m = new RegExp(`${k}:\\s+(\\d+) kB`).exec(status);
      return m ? Number(m[1]) * 1024 : null;
    };
    return { anon: kb('RssAnon'), file: kb('RssFile') };
  } catch {
    return { anon: null, file: null };
  }
}

export class PooledServices implements Services {
  private readonly inline: Engines;
  private readonly inlineSlot: StatSlot;
  private readonly pool: Piscina;
  private readonly stats: SharedStats;
  private readonly bloomProblem: string | null;
  /** Set when the store's spellcheck verdicts come from other engine code: answers unchanged, news-list words checked in full. */
  private readonly verdictsProblem: string | null;
  /** Set when the store's romanization analyses come from other engine code: answers unchanged, every new token analysed in full. */
  private readonly analysesProblem: string | null;
  private readonly taskTimeoutMs: number;
  /** The data build's id: the xxh64 of its data file (store/CHECKSUM.json). */
  private readonly buildId: string;
  private readonly admission: Admission;
  /** PoolJob cancel flags, one per running slot (protocol.ts). */
  private readonly cancelFlags: Int32Array;
  /** Each slot's last job time on its thread (handler.ts writes it). */
  private readonly jobTimes: Float64Array;
  /** [0]: failed store reads in any thread (engines.ts counts them). */
  private readonly storeFaults = new Int32Array(new SharedArrayBuffer(4));
  private nextJobId = 1;
  private timedOut = 0;
  private cancelledRunning = 0;
  private closed = false;
  /** [0]: worker threads that have opened the store (worker.ts counts itself). */
  private readonly readiness = new Int32Array(new SharedArrayBuffer(4));
  /** Worker threads piscina has created (initial ones at once, replacements when ready). */
  private created = 0;
  /** The spellcheck results every thread shares (health shows its figures); null when caching is off. */
  private readonly sharedResults: SharedStrings | null;
  /** Its figures as last read (a walk over 2^17 slots, 1.7 ms: at most once a SHARED_FIGURES_MS, however often health is asked). */
  private sharedFigures: { at: number; figures: SharedStringsFigures } | null = null;

  constructor(private readonly opts: PoolOptions) {
    const buildDir = resolveDataDir(opts.dataDir);
    // A damaged data file is refused before lmdb maps it (store-checksum.ts says why).
    this.buildId = verifyStoreChecksum(buildDir).xxh64;
    // The main thread opens the store first: a missing or old store fails here, at start-up.
    const probe = openEngines({ dataDir: buildDir, bloom: null, cacheBytes: 0, warmUp: false });
    const expected = probe.store.meta.bloom?.checksum;
    const meta = probe.store.meta;
    this.verdictsProblem =
      meta.verdicts && !verdictsUsable(meta)
        ? "the store's spellcheck verdicts were computed by other engine code (run `make data`): every word is checked in full, answers unchanged"
        : null;
    this.analysesProblem =
      meta.analyses && !analysesUsable(meta)
        ? "the store's romanization analyses were computed by other engine code (run `make data`): every new word is analysed in full, answers unchanged"
        : null;
    probe.store.close();
    const { bloom, problem } = loadBloom(buildDir, expected);
    this.bloomProblem = problem;
    const shared = bloom ? bloom.share() : null;
    const sharedResults = sharedResultsTable(opts.cacheBytes);
    this.sharedResults = sharedResults ? new SharedStrings(sharedResults) : null;
    this.inline = openEngines({
      dataDir: buildDir,
      bloom: shared,
      cacheBytes: opts.cacheBytes,
      warmUp: opts.allInline ? 'full' : 'light',
      storeFaults: this.storeFaults.buffer as SharedArrayBuffer,
      ...(sharedResults ? { sharedResults } : {}),
    });
    this.stats = createSharedStats();
    this.inlineSlot = new StatSlot(this.stats, 0);
    this.taskTimeoutMs = opts.taskTimeoutMs ?? POOL_DEFAULTS.taskTimeoutMs;
    this.admission = new Admission({
      slots: opts.workers * JOBS_PER_THREAD,
      threads: opts.workers,
      maxQueued: opts.maxQueued ?? POOL_DEFAULTS.maxQueued,
      maxWaitMs: opts.maxQueueWaitMs ?? POOL_DEFAULTS.maxQueueWaitMs,
    });
    this.cancelFlags = new Int32Array(new SharedArrayBuffer(4 * opts.workers * JOBS_PER_THREAD));
    this.jobTimes = new Float64Array(new SharedArrayBuffer(8 * opts.workers * JOBS_PER_THREAD));
    const workerData: WorkerData = {
      dataDir: buildDir,
      bloom: shared,
      cacheBytes: opts.cacheBytes,
      stats: this.stats,
      readiness: this.readiness.buffer as SharedArrayBuffer,
      cancelFlags: this.cancelFlags.buffer as SharedArrayBuffer,
      jobTimes: this.jobTimes.buffer as SharedArrayBuffer,
      storeFaults: this.storeFaults.buffer as SharedArrayBuffer,
      ...(sharedResults ? { sharedResults } : {}),
    };
    this.pool = new Piscina({
      filename: opts.workerUrl ?? new URL('../worker/worker.js', import.meta.url).href,
      minThreads: opts.workers,
      maxThreads: opts.workers,
      idleTimeout: Infinity,
      workerData,
      // Jobs wait in this.admission, never in piscina's queue: each thread
      // holds at most JOBS_PER_THREAD (one running, one next).
      concurrentTasksPerWorker: JOBS_PER_THREAD,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_OLD_GENERATION_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    // An unexpected worker exit rejects its task (answered 500) and piscina
    // starts a replacement; the pool itself must never throw at us.
    this.pool.on('error', (err: unknown) => console.error('[pool] worker error:', err));
    this.pool.on('workerCreate', () => this.created++);
  }

  private async run<T>(task: Task, { signal, encoding, patient = false, client }: RunOptions = {}): Promise<Outcome<T>> {
    if (this.opts.allInline || placeJob(task) === 'inline') {
      return runTask(this.inline, task) as Outcome<T>;
    }
    if (this.closed) return { ok: false, code: 'SERVICE_UNAVAILABLE', message: 'the service is shutting down' };
    const admitted = await this.admission.acquire(signal, patient, client);
    if ('ok' in admitted) return admitted;
    const { slot } = admitted;
    const id = this.nextJobId;
    this.nextJobId = (this.nextJobId % 0x7fffffff) + 1;
    Atomics.store(this.cancelFlags, slot, 0);
    this.jobTimes[slot] = NaN;
    const stop = (): void => {
      Atomics.store(this.cancelFlags, slot, id);
    };
    // A client that goes away stops its job at the next checkpoint.
    signal?.addEventListener('abort', stop, { once: true });
    let timedOut = false;
    const softTimer = setTimeout(() => {
      timedOut = true;
      this.timedOut++;
      stop();
    }, this.taskTimeoutMs);
    // Last resort for a job that never reaches a checkpoint: piscina terminates its thread.
    const hard = new AbortController();
    const hardTimer = setTimeout(() => hard.abort(), this.taskTimeoutMs + HARD_STOP_GRACE_MS);
    try {
      // A job behind few others always runs (admission.ts, patience); one behind many must start in time.
      const deadline = patient || admitted.ahead < this.admission.patience ? Infinity : Date.now() + Math.max(0, this.admission.maxWaitMs - admitted.waitedMs);
      const job: PoolJob = { task, slot, id, deadline };
      if (encoding) job.encoding = encoding;
      // A job that answers in bytes takes memory this thread is done with, for its answer (worker/transfer.ts).
      const spare = ENCODED_TASKS.has(task.name) ? mainSpares.takeLargest() : null;
      if (spare !== null) job.spare = spare;
      const out = (await this.pool.run(job, spare === null ? { signal: hard.signal } : { signal: hard.signal, transferList: [spare] })) as WorkerOutcome;
      if (out.ok && ENCODED_TASKS.has(task.name)) {
        const e = out.value as EncodedAnswer;
        return { ok: true, value: new Serialized(e.bytes, e.encoding, true) as T };
      }
      if (!out.ok && out.code === 'SERVICE_UNAVAILABLE') this.admission.countLateRefusal();
      if (!out.ok && out.code === 'CANCELLED') {
        if (timedOut) return this.timeoutOutcome();
        this.cancelledRunning++;
      }
      return out as Outcome<T>;
    } catch (err) {
      const e = err as Error;
      if (e.name === 'AbortError') return this.timeoutOutcome();
      console.error(`[pool] task ${task.name} failed:`, e.message);
      return { ok: false, code: 'INTERNAL_ERROR', message: 'internal error' };
    } finally {
      clearTimeout(softTimer);
      clearTimeout(hardTimer);
      signal?.removeEventListener('abort', stop);
      const workMs = this.jobTimes[slot]!;
      this.admission.release(admitted, Number.isNaN(workMs) ? null : workMs);
    }
  }

  private sharedResultsFigures(): SharedStringsFigures | null {
    if (!this.sharedResults) return null;
    const now = Date.now();
    if (!this.sharedFigures || now - this.sharedFigures.at >= SHARED_FIGURES_MS) this.sharedFigures = { at: now, figures: this.sharedResults.figures() };
    return this.sharedFigures.figures;
  }

  private timeoutOutcome(): Outcome<never> {
    return { ok: false, code: 'INTERNAL_ERROR', message: `the job took longer than ${this.taskTimeoutMs} ms and was cancelled` };
  }

  lookup(word: string): Outcome<Serialized<DictionaryEntryResult>> | Promise<Outcome<Serialized<DictionaryEntryResult>>> {
    // The entry's JSON as the build stored it: bytes to send, nothing to format (entry.ts).
    const json = lookupEntryJson(this.inline.store, word);
    if (json) return { ok: true, value: new Serialized(json) };
    return this.notFound(word);
  }

  private async notFound(word: string): Promise<Outcome<never>> {
    const similar = await this.similarWords(word, SIMILAR_WORDS_MAX);
    return {
      ok: false,
      code: 'WORD_NOT_FOUND',
      message: `The word '${normalizeWord(word.trim())}' was not found in the dictionary`,
      similarWords: similar.ok ? similar.value : [],
    };
  }

  async lookupVariants(word: string): Promise<Outcome<VariantsResult>> {
    return { ok: true, value: lookupVariants(this.inline.store, word, confusionKey) };
  }

  async lookupMultiDict(word: string): Promise<Outcome<MultiDictResult>> {
    return { ok: true, value: lookupMultiDict(this.inline.store, word) };
  }

  /** Spellcheck suggestions first (they fix typos), then completions of the word as a prefix (worker/tasks.ts). */
  similarWords(word: string, limit: number): Promise<Outcome<string[]>> {
    return this.run<string[]>({ name: 'similarWords', word, limit });
  }

  async suggest(prefix: string, limit: number): Promise<Outcome<string[]>> {
    return { ok: true, value: suggestWords(this.inline.store, prefix, limit) };
  }

  async examples(word: string, limit: number): Promise<Outcome<ExamplesResult>> {
    return { ok: true, value: findExamples(this.inline.store, word, limit) };
  }

  async searchEnglish(query: string, limit: number): Promise<Outcome<EnglishSearchResult>> {
    return { ok: true, value: searchEnglish(this.inline.store, query, limit) };
  }

  spellcheckWord(word: string, signal?: AbortSignal, level?: SpellLevel): Promise<Outcome<SpellcheckWordResult>> {
    return this.run(level === undefined ? { name: 'spellcheckWord', word } : { name: 'spellcheckWord', word, level }, { signal });
  }

  spellcheckText(text: string, options: JobOptions = {}): Promise<Outcome<SpellcheckTextResult | Serialized<SpellcheckTextResult>>> {
    return this.run(options.level === undefined ? { name: 'spellcheckText', text } : { name: 'spellcheckText', text, level: options.level }, options);
  }

  languageToolCheck(job: LtCheckJob, options: JobOptions = {}): Promise<Outcome<LtCheckAnswer | Serialized<LtCheckAnswer>>> {
    return this.run({ name: 'languageToolCheck', job }, options);
  }

  spellcheckWords(words: string[], options: JobOptions = {}): Promise<Outcome<SpellcheckWordResult[]>> {
    return this.run({ name: 'spellcheckWords', words }, options);
  }

  romanizeText(text: string, maxCandidates: number, options: JobOptions = {}): Promise<Outcome<RomanizationResult | Serialized<RomanizationResult>>> {
    return this.run({ name: 'romanizeText', text, maxCandidates }, options);
  }

  romanizeTokens(tokens: string[], maxCandidates: number, options: JobOptions = {}): Promise<Outcome<RomanizationResult | Serialized<RomanizationResult>>> {
    return this.run({ name: 'romanizeTokens', tokens, maxCandidates }, options);
  }

  runLines(task: LinesTask, options: LinesJobOptions = {}): Promise<Outcome<Lines>> {
    return this.run<Lines>(task, options);
  }

  refuseIfOverloaded(client?: string): Outcome<never> | null {
    if (this.opts.allInline || this.closed) return null;
    return this.admission.refuseNow(client);
  }

  poolThreads(): number {
    return this.opts.workers;
  }

  dataVersion(): string {
    return this.buildId;
  }

  async health(): Promise<HealthSnapshot> {
    // The main thread's slot is written here, where it is read, not after every inline job.
    const main = this.inline.spell.cacheStats();
    this.inlineSlot.write(main.hits, main.misses, this.inline.spell.caches);
    const issues: string[] = [];
    const connected = this.inline.store.probe();
    if (!connected) issues.push('the word store cannot be read');
    const faults = Atomics.load(this.storeFaults, 0);
    if (faults > 0) issues.push(`the word store failed ${faults} reads (damaged data file): replace this instance`);
    if (this.bloomProblem) issues.push(this.bloomProblem);
    if (this.verdictsProblem) issues.push(this.verdictsProblem);
    if (this.analysesProblem) issues.push(this.analysesProblem);
    const running = this.pool.threads.length;
    if (!this.closed && running < this.opts.workers) {
      issues.push(`worker pool: ${running} of ${this.opts.workers} threads running (a worker is being replaced)`);
    }
    const a = this.admission.counters();
    if (this.admission.refusedWithin(OVERLOAD_REPORT_MS)) {
      issues.push(`overloaded: text jobs refused with 503 in the last ${OVERLOAD_REPORT_MS / 1000} s (${a.queued} waiting, ${a.running} running)`);
    }
    const live = new Set([0, ...this.pool.threads.map((t) => t.threadId)]);
    const totals = sumStats(this.stats, (id) => live.has(id));
    const meta = this.inline.store.meta;
    const caches: CacheStats[] = [];
    let i = 0;
    this.inline.spell.caches.forEach((cache, name) => {
      const t = totals.caches[i++];
      if (t) caches.push({ name, entries: t.entries, bytes: t.bytes, budgetBytes: cache.budget * live.size });
    });
    const shared = this.sharedResultsFigures();
    // One table for every thread: its budget is its memory.
    if (shared) caches.push({ name: SHARED_RESULTS_CACHE, entries: shared.entries, bytes: shared.bytes, budgetBytes: shared.size });
    const rss = processMemory();
    return {
      databaseConnected: connected,
      entriesCount: meta.counts.headwords,
      wordsCount: meta.counts.lexiconForms,
      bloomLoaded: this.inline.store.bloomLoaded,
      lruHits: totals.hits,
      lruMisses: totals.misses,
      issues,
      memory: {
        rssAnonBytes: rss.anon,
        rssFileBytes: rss.file,
        heapBytes: totals.heapBytes,
        heapCommittedBytes: totals.heapCommittedBytes,
        externalBytes: totals.externalBytes,
        threads: live.size,
        cacheBudgetBytes: this.opts.cacheBytes,
        caches,
      },
      pool: {
        workers: this.opts.workers,
        running: a.running,
        queued: a.queued,
        admitted: a.admitted,
        refused: a.refusedOnArrival,
        refusedWaiting: a.refusedAfterWait,
        cancelled: a.cancelledWhileQueued + this.cancelledRunning,
        timedOut: this.timedOut,
        jobMs: a.jobMs,
      },
    };
  }

  /** False once any thread has failed a store read: the instance should be replaced (GET /up answers 503). */
  storeReadable(): boolean {
    return Atomics.load(this.storeFaults, 0) === 0 && this.inline.store.probe();
  }

  /**
   * Resolves once every worker thread has opened the store and warmed up
   * (or failed to: health then says so), so the service takes no request a
   * thread cannot start within the queue's wait bound. False after `timeoutMs`.
   */
  async ready(timeoutMs = 60_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Atomics.load(this.readiness, 0) < this.opts.workers) {
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 10));
    }
    return true;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Jobs still waiting after the server's grace period are refused, not started.
    this.admission.drain('the service is shutting down');
    // Never terminate a thread that is still opening the store (see worker.ts);
    // bounded, in case a thread failed to start at all.
    const deadline = Date.now() + 15_000;
    while (Atomics.load(this.readiness, 0) < this.created && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await this.pool.close();
    this.inline.store.close();
  }
}
