// What a worker thread runs: opens the store read-only once (createHandler)
// and answers the typed tasks. Loaded by the thread entry, worker.ts.

import { move } from 'piscina';
import { romanizationJson } from '../engine/roman-json.js';
import type { RomanizationResult } from '../engine/results.js';
import { openEngines, type EngineOptions } from './engines.js';
import { StatSlot, type SharedStats } from './stats.js';
import { runTask, type Task } from './tasks.js';
import type { Outcome } from '../dispatch/services.js';

export interface WorkerData extends EngineOptions {
  stats: SharedStats;
  /** Int32Array(1): threads that have finished opening the store (see worker.ts). */
  readiness: SharedArrayBuffer;
}

/** Jobs whose results can be large: serialized here, off the main thread (see Serialized). */
const SERIALIZE = new Set<Task['name']>(['spellcheckText', 'romanizeText', 'romanizeTokens']);

const encoder = new TextEncoder();

/** A failed job's Outcome, or the result: a value, or (SERIALIZE jobs) its JSON as UTF-8 bytes, moved to the caller without a copy. */
export type WorkerOutcome = Outcome<unknown> | Uint8Array;

/** The JSON of a SERIALIZE job's result as UTF-8 bytes (romanization answers from cached per-token fragments, roman-json.ts). */
function serialize(task: Task, value: unknown): Uint8Array {
  if (task.name === 'romanizeText' || task.name === 'romanizeTokens') return romanizationJson(value as RomanizationResult);
  return encoder.encode(JSON.stringify(value));
}

export function createHandler(data: WorkerData): (task: Task) => WorkerOutcome {
  const engines = openEngines(data);
  const slot = new StatSlot(data.stats);
  return (task) => {
    const result = runTask(engines, task);
    const out = result.ok && SERIALIZE.has(task.name) ? (move(serialize(task, result.value)) as Uint8Array) : result;
    const s = engines.spell.cacheStats();
    slot.write(s.hits, s.misses);
    return out;
  };
}
