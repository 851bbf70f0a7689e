// What a worker thread runs: opens the store read-only once (createHandler)
// and answers the typed tasks. Loaded by the thread entry, worker.ts.

import { move } from 'piscina';
import type { RomanizationResult } from '../engine/results.js';
import { openEngines, type Engines } from './engines.js';
import type { PoolJob, Task, WorkerData, WorkerOutcome } from './protocol.js';
import { StatSlot } from './stats.js';
import { runTask } from './tasks.js';

/** Jobs whose results can be large: serialized here, off the main thread (see Serialized). */
const SERIALIZE = new Set<Task['name']>(['spellcheckText', 'romanizeText', 'romanizeTokens']);

const encoder = new TextEncoder();

/** The JSON of a SERIALIZE job's result as UTF-8 bytes (romanization answers from the romanizer's cached per-token fragments). */
function serialize(engines: Engines, task: Task, value: unknown): Uint8Array {
  if (task.name === 'romanizeText' || task.name === 'romanizeTokens') return engines.roman.json(value as RomanizationResult);
  return encoder.encode(JSON.stringify(value));
}

export function createHandler(data: WorkerData): (job: PoolJob) => WorkerOutcome {
  const engines = openEngines(data);
  const slot = new StatSlot(data.stats);
  const cancelFlags = new Int32Array(data.cancelFlags);
  const jobTimes = new Float64Array(data.jobTimes);
  return ({ task, slot: flag, id, deadline }) => {
    if (Date.now() > deadline) {
      jobTimes[flag] = NaN;
      return { ok: false, code: 'SERVICE_UNAVAILABLE', message: 'the job waited too long for a thread', retryAfterSeconds: 1 };
    }
    const t0 = performance.now();
    const result = runTask(engines, task, () => Atomics.load(cancelFlags, flag) === id);
    const out = result.ok && SERIALIZE.has(task.name) ? (move(serialize(engines, task, result.value)) as Uint8Array) : result;
    const s = engines.spell.cacheStats();
    slot.write(s.hits, s.misses, engines.spell.caches);
    // Read by the main thread after this job's answer arrives (the message is the barrier).
    jobTimes[flag] = performance.now() - t0;
    return out;
  };
}
