// Inline vs pool: what a job costs on the main thread and through the
// piscina pool (round trip, cloning, serialization), by job and size. The
// thresholds in src/dispatch/pool.ts (placeJob) come from this table.
//
//   node dist/bench/placement.js [--runs 300]

import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Piscina } from 'piscina';
import { loadBloom } from '../src/dispatch/pool.js';
import { resolveDataDir } from '../src/store/data-dir.js';
import { openEngines } from '../src/worker/engines.js';
import { createSharedStats } from '../src/worker/stats.js';
import type { PoolJob, Task, WorkerData } from '../src/worker/protocol.js';
import { runTask } from '../src/worker/tasks.js';
import { ROOT, machine, median, nearLimitText, romanText } from './lib.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '300' } } });
const RUNS = Number(args.runs);
const dataDir = resolveDataDir(process.env.DATA_DIR ?? join(ROOT, 'native-data'));
const probe = openEngines({ dataDir, bloom: null, cacheBytes: 0, warmUp: false });
const { bloom } = loadBloom(dataDir, probe.store.meta.bloom?.checksum);
probe.store.close();
const shared = bloom ? bloom.share() : null;
const inline = openEngines({ dataDir, bloom: shared, cacheBytes: 48 << 20 });
const workerData: WorkerData = {
  dataDir,
  bloom: shared,
  cacheBytes: 48 << 20,
  stats: createSharedStats(),
  readiness: new SharedArrayBuffer(4),
  cancelFlags: new SharedArrayBuffer(4),
  jobTimes: new SharedArrayBuffer(8),
};
const pool = new Piscina({
  filename: new URL('../src/worker/worker.js', import.meta.url).href,
  minThreads: 1,
  maxThreads: 1,
  idleTimeout: Infinity,
  workerData,
});

const near = (await nearLimitText()).text;
const roman = romanText(1000).text;
const cut = (s: string, n: number): string => s.slice(0, n).replace(/\S*$/, '').trim() || s.slice(0, n);
const jobs: { name: string; task: Task }[] = [
  { name: 'spellcheck word', task: { name: 'spellcheckWord', word: 'नेपालि' } },
  ...[50, 200, 1000, 7000].map((n) => ({ name: `spellcheck text ${n} chars`, task: { name: 'spellcheckText', text: cut(near, n) } as Task })),
  ...[5, 20, 100, 1000].map((n) => ({
    name: `romanize ${n} tokens`,
    task: { name: 'romanizeTokens', tokens: roman.split(' ').slice(0, n), maxCandidates: 5 } as Task,
  })),
];

async function timeIt(fn: () => unknown | Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await fn(); // warm: caches filled, as in a running service
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times) * 1000;
}

console.log(`Date: ${new Date().toISOString()}; machine: ${machine()}`);
console.log(`Command: node dist/bench/placement.js --runs ${RUNS} (median µs, warm caches, one job at a time)`);
console.log('');
console.log('| job | inline µs (incl. JSON.stringify) | pool µs (round trip, worker serializes) | pool − inline µs |');
console.log('|---|---:|---:|---:|');
for (const j of jobs) {
  const a = await timeIt(() => JSON.stringify(runTask(inline, j.task)));
  const b = await timeIt(() => pool.run({ task: j.task, slot: 0, id: 1, deadline: Infinity } satisfies PoolJob));
  console.log(`| ${j.name} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${(b - a).toFixed(0)} |`);
}
await pool.close();
inline.store.close();
