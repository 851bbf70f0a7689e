// A worker thread entry for the test of a worker lost mid-job: the service's
// own entry, except that a spellcheck text beginning with CRASH_TEXT makes the
// thread exit in the middle of its job. Given to the pool by the test
// (PoolOptions.workerUrl); the service itself ships no such task. Loaded
// outside a worker thread (`node --test dist/test/` loads every module), it
// loads nothing: the service's entry needs a thread's workerData.

import { isMainThread } from 'node:worker_threads';
import type { PoolJob, WorkerOutcome } from '../../src/worker/protocol.js';
import { CRASH_TEXT } from './crash-text.js';

const handle = isMainThread ? null : (await import('../../src/worker/worker.js')).default;

export default function crashing(job: PoolJob): WorkerOutcome {
  if (job.task.name === 'spellcheckText' && job.task.text.startsWith(CRASH_TEXT)) process.exit(70);
  return handle!(job);
}
