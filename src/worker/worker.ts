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

export default function handle(task: Task): Outcome<unknown> {
  const out = runTask(engines, task);
  const s = engines.spell.cacheStats();
  slot.write(s.hits, s.misses);
  return out;
}
