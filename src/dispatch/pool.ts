// The Services the HTTP layer calls, over a piscina worker pool and an inline
// copy of the engines on the main thread. Where each job runs is decided in
// one place, placeJob(), from measurements (bench/RESULTS.md, "inline vs pool").

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { confusionKey } from '../engine/spell/confusion.js';
import { findExamples } from '../engine/lookup/examples.js';
import { lookupEntry, lookupMultiDict } from '../engine/lookup/entry.js';
import { lookupVariants } from '../engine/lookup/variants.js';
import { suggestWords } from '../engine/lookup/suggest.js';
import { normalizeWord } from '../engine/lang/normalize.js';
import type { DictionaryEntryResult, RomanizationResult, SpellcheckTextResult, SpellcheckWordResult } from '../engine/results.js';
import { BloomFilter } from '../store/bloom.js';
import { resolveDataDir } from '../store/data-dir.js';
import { BLOOM_FILE } from '../store/lmdb-layout.js';
import { openEngines, verdictsUsable, type Engines } from '../worker/engines.js';
import { StatSlot, createSharedStats, sumStats, type SharedStats } from '../worker/stats.js';
import type { Outcome, Task, WorkerData, WorkerOutcome } from '../worker/protocol.js';
import { runTask } from '../worker/tasks.js';
import { Serialized, type ExamplesResult, type HealthSnapshot, type MultiDictResult, type Services, type VariantsResult } from './services.js';

export interface PoolOptions {
  dataDir: string;
  workers: number;
  cacheSize: number;
  /** A job still running after this long is cancelled (its worker is replaced) and answered 500. */
  taskTimeoutMs?: number;
}

/**
 * Jobs at or under these sizes run inline on the main thread: a pool round
 * trip costs about 20 µs plus structured cloning, more than the job itself.
 * Larger texts go to the pool so one big request never blocks the event loop.
 * Figures behind the thresholds: bench/RESULTS.md, "inline vs pool".
 */
export const INLINE_MAX_TEXT_CHARS = 200;
export const INLINE_MAX_TOKENS = 20;

export type Placement = 'inline' | 'pool';

export function placeJob(task: Task): Placement {
  switch (task.name) {
    case 'spellcheckWord':
    case 'similarWords':
      return 'inline';
    case 'spellcheckText':
    case 'romanizeText':
      return task.text.length <= INLINE_MAX_TEXT_CHARS ? 'inline' : 'pool';
    case 'romanizeTokens':
      return task.tokens.length <= INLINE_MAX_TOKENS ? 'inline' : 'pool';
    case 'crash':
      return 'pool';
  }
}

/** Loads and verifies the Bloom filter into shared memory; null (with the reason) when missing or corrupt. */
export function loadBloom(buildDir: string, expectedChecksum: string | undefined): { bloom: BloomFilter | null; problem: string | null } {
  const path = join(buildDir, BLOOM_FILE);
  try {
    const bloom = BloomFilter.parse(readFileSync(path), true);
    if (expectedChecksum && bloom.checksum() !== expectedChecksum) {
      return { bloom: null, problem: `Bloom filter ${path} does not match the store it was built with` };
    }
    return { bloom, problem: null };
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'file is missing' : (err as Error).message;
    return { bloom: null, problem: `Bloom filter not loaded (${reason}); spellcheck answers from LMDB alone and is slower` };
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
  private readonly taskTimeoutMs: number;
  private closed = false;
  /** [0]: worker threads that have opened the store (worker.ts counts itself). */
  private readonly readiness = new Int32Array(new SharedArrayBuffer(4));
  /** Worker threads piscina has created (initial ones at once, replacements when ready). */
  private created = 0;

  constructor(private readonly opts: PoolOptions) {
    const buildDir = resolveDataDir(opts.dataDir);
    // The main thread opens the store first: a missing or old store fails here, at start-up.
    const probe = openEngines({ dataDir: buildDir, bloom: null, cacheSize: 0, warmUp: false });
    const expected = probe.store.meta.bloom?.checksum;
    const meta = probe.store.meta;
    this.verdictsProblem =
      meta.verdicts && !verdictsUsable(meta)
        ? 'the store\'s spellcheck verdicts were computed by other engine code (run `make data`): news-list words are checked in full, answers unchanged'
        : null;
    probe.store.close();
    const { bloom, problem } = loadBloom(buildDir, expected);
    this.bloomProblem = problem;
    const shared = bloom ? bloom.share() : null;
    this.inline = openEngines({ dataDir: buildDir, bloom: shared, cacheSize: opts.cacheSize });
    this.stats = createSharedStats();
    this.inlineSlot = new StatSlot(this.stats, 0);
    this.taskTimeoutMs = opts.taskTimeoutMs ?? 30_000;
    const workerData: WorkerData = { dataDir: buildDir, bloom: shared, cacheSize: opts.cacheSize, stats: this.stats, readiness: this.readiness.buffer as SharedArrayBuffer };
    this.pool = new Piscina({
      filename: new URL('../worker/worker.js', import.meta.url).href,
      minThreads: opts.workers,
      maxThreads: opts.workers,
      idleTimeout: Infinity,
      workerData,
      // Only jobs that are already too big for the main thread come here; a
      // queue bounds the memory a flood of them can take.
      maxQueue: opts.workers * 256,
    });
    // An unexpected worker exit rejects its task (answered 500) and piscina
    // starts a replacement; the pool itself must never throw at us.
    this.pool.on('error', (err: unknown) => console.error('[pool] worker error:', err));
    this.pool.on('workerCreate', () => this.created++);
  }

  private async run<T>(task: Task): Promise<Outcome<T>> {
    if (placeJob(task) === 'inline') {
      const out = runTask(this.inline, task) as Outcome<T>;
      const s = this.inline.spell.cacheStats();
      this.inlineSlot.write(s.hits, s.misses);
      return out;
    }
    if (this.closed) return { ok: false, code: 'SERVICE_UNAVAILABLE', message: 'the service is shutting down' };
    const signal = AbortSignal.timeout(this.taskTimeoutMs);
    try {
      const out = (await this.pool.run(task, { signal })) as WorkerOutcome;
      if (out instanceof Uint8Array) return { ok: true, value: new Serialized(out) as T };
      return out as Outcome<T>;
    } catch (err) {
      const e = err as Error;
      if (e.name === 'AbortError') return { ok: false, code: 'INTERNAL_ERROR', message: `the job took longer than ${this.taskTimeoutMs} ms and was cancelled` };
      if (/queue is at limit/i.test(e.message)) return { ok: false, code: 'SERVICE_UNAVAILABLE', message: 'the service is overloaded; try again shortly' };
      console.error(`[pool] task ${task.name} failed:`, e.message);
      return { ok: false, code: 'INTERNAL_ERROR', message: 'internal error' };
    }
  }

  async lookup(word: string): Promise<Outcome<DictionaryEntryResult> & { similarWords?: string[] }> {
    const entry = lookupEntry(this.inline.store, word);
    if (entry) return { ok: true, value: entry };
    const similar = await this.similarWords(word, 5);
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

  /** Spellcheck suggestions first (they fix typos), then completions of the word as a prefix. */
  async similarWords(word: string, limit: number): Promise<Outcome<string[]>> {
    const fromSpell = await this.run<string[]>({ name: 'similarWords', word, limit });
    const out = fromSpell.ok ? [...fromSpell.value] : [];
    if (out.length < limit) {
      for (const w of suggestWords(this.inline.store, word, limit)) {
        if (out.length >= limit) break;
        if (!out.includes(w)) out.push(w);
      }
    }
    return { ok: true, value: out.slice(0, limit) };
  }

  async suggest(prefix: string, limit: number): Promise<Outcome<string[]>> {
    return { ok: true, value: suggestWords(this.inline.store, prefix, limit) };
  }

  async examples(word: string, limit: number): Promise<Outcome<ExamplesResult>> {
    return { ok: true, value: findExamples(this.inline.store, word, limit) };
  }

  spellcheckWord(word: string): Promise<Outcome<SpellcheckWordResult>> {
    return this.run({ name: 'spellcheckWord', word });
  }

  spellcheckText(text: string): Promise<Outcome<SpellcheckTextResult | Serialized<SpellcheckTextResult>>> {
    return this.run({ name: 'spellcheckText', text });
  }

  romanizeText(text: string, maxCandidates: number): Promise<Outcome<RomanizationResult | Serialized<RomanizationResult>>> {
    return this.run({ name: 'romanizeText', text, maxCandidates });
  }

  romanizeTokens(tokens: string[], maxCandidates: number): Promise<Outcome<RomanizationResult | Serialized<RomanizationResult>>> {
    return this.run({ name: 'romanizeTokens', tokens, maxCandidates });
  }

  /** Test hook for the worker-failure test: a pool job whose worker exits mid-task. */
  crashWorker(): Promise<Outcome<unknown>> {
    return this.run({ name: 'crash' });
  }

  async health(): Promise<HealthSnapshot> {
    const issues: string[] = [];
    const connected = this.inline.store.probe();
    if (!connected) issues.push('the word store cannot be read');
    if (this.bloomProblem) issues.push(this.bloomProblem);
    if (this.verdictsProblem) issues.push(this.verdictsProblem);
    const running = this.pool.threads.length;
    if (!this.closed && running < this.opts.workers) {
      issues.push(`worker pool: ${running} of ${this.opts.workers} threads running (a worker is being replaced)`);
    }
    const { hits, misses } = sumStats(this.stats);
    const meta = this.inline.store.meta;
    return {
      databaseConnected: connected,
      entriesCount: meta.counts.headwords,
      wordsCount: meta.counts.lexiconForms,
      bloomLoaded: this.inline.store.bloomLoaded,
      lruHits: hits,
      lruMisses: misses,
      issues,
    };
  }

  storeReadable(): boolean {
    return this.inline.store.probe();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Never terminate a thread that is still opening the store (see worker.ts);
    // bounded, in case a thread failed to start at all.
    const deadline = Date.now() + 15_000;
    while (Atomics.load(this.readiness, 0) < this.created && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await this.pool.close();
    this.inline.store.close();
  }
}
