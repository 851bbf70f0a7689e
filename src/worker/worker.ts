// Piscina worker thread entry. Never imports the pool.
//
// The store is opened (and the lmdb native addon loaded) through a dynamic
// import, and the thread then counts itself in workerData.readiness. The
// pool's close() waits until every thread it created has counted itself:
// terminating a thread while lmdb is loading or opening its databases aborts
// the whole process (a napi_throw during teardown is fatal), which CI once
// caught when a test closed the service right after starting it.

import { workerData } from 'node:worker_threads';
import type { PoolJob, WorkerData, WorkerOutcome } from './protocol.js';

const data = workerData as WorkerData;
let handle: (job: PoolJob) => WorkerOutcome;
try {
  const { createHandler } = await import('./handler.js');
  handle = createHandler(data);
} finally {
  // Counted also when opening failed (a store damaged since start-up): the
  // thread is past lmdb's loading either way, and close() must not wait for it.
  Atomics.add(new Int32Array(data.readiness), 0, 1);
}

export default handle;
