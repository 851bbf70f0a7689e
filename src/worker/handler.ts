// What a worker thread runs: opens the store read-only once (createHandler)
// and answers the typed tasks. Loaded by the thread entry, worker.ts.

import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { RomanizationResult } from '../engine/results.js';
import { COMPRESS_MIN_BYTES, compressBody } from '../codec/encoding.js';
import { movableBytes, movableUtf8, ownBuffer, SpareBuffers } from './transfer.js';
import { openEngines, type Engines } from './engines.js';
import { ENCODED_TASKS, type EncodedAnswer, type Lines, type Outcome, type PoolJob, type Task, type WorkerData, type WorkerOutcome } from './protocol.js';
import { StatSlot } from './stats.js';
import { runTask } from './tasks.js';

/** Jobs that answer Lines. */
const LINES = new Set<Task['name']>(['spellcheckPiece', 'romanizePiece', 'batch']);

const encoder = new TextEncoder();

/** The longest answer encoded in the reused buffer (bytes); a longer one gets its own. */
const SCRATCH_MAX_BYTES = 1 << 20;
let scratch = new Uint8Array(64 * 1024);

/**
 * `json` as UTF-8 to compress: a view of the reused buffer (valid until the
 * next call) for an answer up to SCRATCH_MAX_BYTES. TextEncoder.encode
 * measures a string before it writes it, two passes over a long answer of
 * Devanagari text (LanguageTool's answer for a 1,000-word text: 73 KB);
 * encodeInto writes it in one.
 */
function utf8(json: string): Uint8Array {
  const most = json.length * 3;
  if (most > SCRATCH_MAX_BYTES) return encoder.encode(json);
  if (scratch.length < most) scratch = new Uint8Array(Math.min(SCRATCH_MAX_BYTES, Math.max(most, scratch.length * 2)));
  return scratch.subarray(0, encoder.encodeInto(json, scratch).written);
}

/** Buffers this thread was given back (a job brings one from the main thread, transfer.ts) to write answers into. */
const spares = new SpareBuffers();

/** The JSON of a ENCODED_TASKS job's result as a string (LanguageTool's is made as JSON, languagetool/answer.ts), or as bytes (romanization answers, from the romanizer's cached per-token fragments). */
function serialize(engines: Engines, task: Task, value: unknown): string | Uint8Array {
  if (task.name === 'romanizeText' || task.name === 'romanizeTokens') return engines.roman.json(value as RomanizationResult);
  return task.name === 'languageToolCheck' ? (value as string) : JSON.stringify(value);
}

/** The encoded answer of a ENCODED_TASKS job: its JSON, compressed when the client accepts a coding and it is long enough, in bytes of their own to move. */
function encodeAnswer(engines: Engines, job: PoolJob, value: unknown): EncodedAnswer {
  const json = serialize(engines, job.task, value);
  if (job.encoding) {
    const bytes = typeof json === 'string' ? utf8(json) : json;
    if (bytes.length >= COMPRESS_MIN_BYTES) return { bytes: movableBytes(spares, compressBody(bytes, job.encoding)), encoding: job.encoding };
    return { bytes: movableBytes(spares, bytes), encoding: null };
  }
  return { bytes: typeof json === 'string' ? movableUtf8(spares, json) : movableBytes(spares, json), encoding: null };
}

/** An outcome whose bytes are moved to the main thread, not copied (piscina's Transferable protocol). */
function moving(outcome: Outcome<EncodedAnswer | Lines>): WorkerOutcome {
  if (!outcome.ok) return outcome;
  const buffer = outcome.value.bytes.buffer;
  return move({
    get [transferableSymbol]() {
      return [buffer];
    },
    get [valueSymbol]() {
      return outcome;
    },
  } as never) as unknown as WorkerOutcome;
}

export function createHandler(data: WorkerData): (job: PoolJob) => WorkerOutcome {
  const engines = openEngines(data);
  const slot = new StatSlot(data.stats);
  // Health shows the thread's heap and caches from the start, not after its first job.
  const started = engines.spell.cacheStats();
  slot.write(started.hits, started.misses, engines.spell.caches);
  const cancelFlags = new Int32Array(data.cancelFlags);
  const jobTimes = new Float64Array(data.jobTimes);
  return (job) => {
    const { task, slot: flag, id, deadline } = job;
    if (job.spare) spares.give(job.spare);
    if (Date.now() > deadline) {
      jobTimes[flag] = NaN;
      return { ok: false, code: 'SERVICE_UNAVAILABLE', message: 'the job waited too long for a thread', retryAfterSeconds: 1 };
    }
    const t0 = performance.now();
    const result = runTask(engines, task, () => Atomics.load(cancelFlags, flag) === id);
    let out: WorkerOutcome = result;
    if (result.ok && ENCODED_TASKS.has(task.name)) out = moving({ ok: true, value: encodeAnswer(engines, job, result.value) });
    else if (result.ok && LINES.has(task.name)) {
      const lines = result.value as Lines;
      out = moving({ ok: true, value: { ...lines, bytes: ownBuffer(lines.bytes) } });
    }
    const s = engines.spell.cacheStats();
    slot.write(s.hits, s.misses, engines.spell.caches);
    // Read by the main thread after this job's answer arrives (the message is the barrier).
    jobTimes[flag] = performance.now() - t0;
    return out;
  };
}
