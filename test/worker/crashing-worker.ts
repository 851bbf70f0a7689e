// A worker thread entry for the test of a worker lost mid-job: the service's
// own entry, except that a spellcheck text beginning with CRASH_TEXT makes the
// thread exit in the middle of its job. Given to the pool by the test
// (PoolOptions.workerUrl); the service itself ships no such task.

import type { PoolJob, WorkerOutcome } from '../../src/worker/protocol.js';
import handle from '../../src/worker/worker.js';
import { CRASH_TEXT } from './crash-text.js';

export default function crashing(job: PoolJob): WorkerOutcome {
  if (job.task.name === 'spellcheckText' && job.task.text.startsWith(CRASH_TEXT)) process.exit(70);
  return handle(job);
}
