// streamJobs (src/dispatch/job-stream.ts): a bounded number of jobs in
// flight, results in order or as they finish, only the first job impatient,
// and everything not yet taken cancelled when the caller stops or the
// client goes away.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { streamJobs } from '../../src/dispatch/job-stream.js';
import type { Lines, LinesJobOptions, Outcome } from '../../src/dispatch/services.js';
import { settle } from '../wait.js';

interface Call {
  job: number;
  options: LinesJobOptions;
  finish(): void;
}

/** A runner whose jobs finish when the test says; it records what it was asked. */
function runner() {
  const calls: Call[] = [];
  let running = 0;
  let most = 0;
  const run = (job: number, options: LinesJobOptions): Promise<Outcome<Lines>> =>
    new Promise((resolve) => {
      running++;
      most = Math.max(most, running);
      let settled = false;
      const done = (o: Outcome<Lines>) => {
        if (settled) return;
        settled = true;
        running--;
        resolve(o);
      };
      options.signal?.addEventListener('abort', () => done({ ok: false, code: 'CANCELLED', message: 'cancelled' }), { once: true });
      calls.push({ job, options, finish: () => done({ ok: true, value: { bytes: Uint8Array.of(job), counts: {}, failures: [] } }) });
    });
  return { calls, run, most: () => most, running: () => running };
}

const tick = () => new Promise((r) => setImmediate(r));

test('ordered: results in job order, at most inFlight started and not taken, the first job alone impatient', async () => {
  const r = runner();
  const it = streamJobs([0, 1, 2, 3, 4, 5], r.run, { inFlight: 3, held: 3, ordered: true });
  const first = it.next();
  await tick();
  assert.deepEqual(
    r.calls.map((c) => c.job),
    [0, 1, 2],
  );
  assert.deepEqual(
    r.calls.map((c) => c.options.patient),
    [false, true, true],
  );
  // Job 2 finishes first: nothing is handed over until job 0 is.
  r.calls[2]!.finish();
  r.calls[1]!.finish();
  await tick();
  r.calls[0]!.finish();
  assert.equal((await first).value!.index, 0);
  assert.equal((await it.next()).value!.index, 1);
  assert.equal((await it.next()).value!.index, 2);
  for (const c of r.calls.slice(3)) c.finish();
  await tick();
  const rest: number[] = [];
  for (;;) {
    const n = it.next();
    await tick();
    for (const c of r.calls) c.finish();
    const v = await n;
    if (v.done) break;
    rest.push(v.value.index);
  }
  assert.deepEqual(rest, [3, 4, 5]);
  assert.ok(r.most() <= 3);
});

test('a slow job does not idle the others: jobs start as any settles, up to `held` kept', async () => {
  const r = runner();
  const it = streamJobs([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], r.run, { inFlight: 2, held: 5, ordered: true });
  const first = it.next();
  await tick();
  assert.deepEqual(
    r.calls.map((c) => c.job),
    [0, 1],
  );
  // Job 0 is slow; 1, 2, 3 finish: each frees a runner, so the next starts, until five are kept.
  r.calls[1]!.finish();
  await tick();
  r.calls[2]!.finish();
  await tick();
  r.calls[3]!.finish();
  await tick();
  assert.deepEqual(
    r.calls.map((c) => c.job),
    [0, 1, 2, 3, 4],
  );
  assert.equal(r.running(), 2, 'jobs 0 and 4');
  r.calls[0]!.finish();
  assert.deepEqual((await first).value!.index, 0);
  assert.equal((await it.next()).value!.index, 1);
  await it.return(undefined);
});

test('unordered: results as they finish', async () => {
  const r = runner();
  const it = streamJobs([0, 1, 2], r.run, { inFlight: 3, held: 3, ordered: false });
  const first = it.next();
  await tick();
  r.calls[2]!.finish();
  assert.equal((await first).value!.index, 2);
  r.calls[0]!.finish();
  assert.equal((await it.next()).value!.index, 0);
  r.calls[1]!.finish();
  assert.equal((await it.next()).value!.index, 1);
  assert.equal((await it.next()).done, true);
});

test('a caller that stops pulling starts no new jobs; returning early cancels those in flight', async () => {
  const r = runner();
  const it = streamJobs([0, 1, 2, 3, 4, 5, 6, 7], r.run, { inFlight: 2, held: 2, ordered: true });
  const first = it.next();
  await tick();
  for (const c of r.calls) c.finish();
  await first;
  await tick();
  // One taken, so one more started: two in flight, however many callbacks run.
  await settle();
  assert.equal(r.calls.length, 3);
  await it.return(undefined);
  await tick();
  assert.equal(r.running(), 0, 'the jobs not taken were cancelled');
});

test('the client going away cancels every job not yet taken', async () => {
  const r = runner();
  const client = new AbortController();
  const it = streamJobs([0, 1, 2, 3], r.run, { inFlight: 4, held: 4, ordered: true, signal: client.signal });
  const first = it.next();
  await tick();
  assert.equal(r.running(), 4);
  client.abort();
  const v = await first;
  assert.equal(v.value!.outcome.ok, false);
  assert.equal(r.running(), 0);
});

test('a runner that throws gives that job an INTERNAL_ERROR outcome', async () => {
  const it = streamJobs([0], () => Promise.reject(new Error('boom')), { inFlight: 1, held: 1, ordered: true });
  const v = await it.next();
  assert.equal(v.value!.outcome.ok, false);
  assert.equal((v.value!.outcome as { code: string }).code, 'INTERNAL_ERROR');
});
