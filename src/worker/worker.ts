// Piscina worker thread entry. Opens the store read-only once when the thread
// starts and runs the typed tasks. Never imports the pool.

import { workerData } from 'node:worker_threads';
import { openEngines, type EngineOptions } from './engines.js';
import { StatSlot, type SharedStats } from './stats.js';
import { runTask, type Task } from './tasks.js';
import type { Outcome } from '../dispatch/services.js';

export interface WorkerData extends EngineOptions {
  stats: SharedStats;
}

const data = workerData as WorkerData;
const engines = openEngines(data);
const slot = new StatSlot(data.stats);

/** Jobs whose results can be large: serialized here, off the main thread (see Serialized). */
const SERIALIZE = new Set<Task['name']>(['spellcheckText', 'romanizeText', 'romanizeTokens']);

export type WorkerOutcome = Outcome<unknown> | { ok: true; json: string };

export default function handle(task: Task): WorkerOutcome {
  const result = runTask(engines, task);
  const out: WorkerOutcome = result.ok && SERIALIZE.has(task.name) ? { ok: true, json: JSON.stringify(result.value) } : result;
  const s = engines.spell.cacheStats();
  slot.write(s.hits, s.misses);
  return out;
}
