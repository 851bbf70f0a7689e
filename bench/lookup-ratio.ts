// Single look-ups against the empty handler, with wrk (a C client: with
// autocannon the client is the bottleneck and every endpoint looks like
// /up). Rounds alternate GET /up and GET /api/v1/dictionary/word in the same
// session, so the VM's drift hits both; the ratio of each pair and their
// median are printed. The look-ups rotate over real headwords (a Lua script
// wrk runs), or ask for one word with --word. On a shared machine the
// req/s of a round swings with the neighbours' load, so each round also
// reports the service's main-thread CPU time per request (from /proc): the
// ratio of those is what the req/s ratio is when the main thread is the
// bottleneck, and it hardly moves with the load.
//
//   node dist/bench/lookup-ratio.js [--pairs 5] [--seconds 3] [--connections 50] [--threads 2] [--word अर्थ] [--root DIR]
//
// --root runs another checkout's built service (its dist/) on this data:
// a baseline measured with the same client in the same session.
//
// wrk: WRK=/path/to/wrk, else `wrk` on the PATH (Debian: apt-get install wrk).

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, machine, median, startService, threadCpuMs } from './lib.js';

const { values: args } = parseArgs({
  options: {
    pairs: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    threads: { type: 'string', default: '2' },
    word: { type: 'string' },
    workers: { type: 'string', default: '2' },
    root: { type: 'string' },
  },
});
const WRK = process.env.WRK ?? 'wrk';

async function headwords(n: number): Promise<string[]> {
  const { LmdbStore } = await import('../src/store/lmdb-store.js');
  const { resolveDataDir } = await import('../src/store/data-dir.js');
  const store = new LmdbStore(resolveDataDir(process.env.DATA_DIR ?? join(ROOT, 'native-data')), null);
  const out = new Set<string>();
  for (const p of 'कखगघचछजझटडतथदधनपफबभमयरलवशसहअआइउएओ') for (const w of store.completions(p)) if (out.size < n) out.add(w);
  store.close();
  return [...out];
}

/** CPU seconds the process's main thread (tid = pid) has used. */
function mainThreadCpu(pid: number): number {
  return (threadCpuMs(pid).get(pid) ?? NaN) / 1000;
}

interface Round {
  rps: number;
  /** Main-thread CPU µs per request. */
  cpuUs: number;
}

function wrk(pid: number, url: string, script: string | null): Round {
  const argv = ['-t', args.threads!, '-c', args.connections!, '-d', `${args.seconds}s`, ...(script ? ['-s', script] : []), url];
  const cpu0 = mainThreadCpu(pid);
  const r = spawnSync(WRK, argv, { encoding: 'utf8' });
  const cpu = mainThreadCpu(pid) - cpu0;
  if (r.error) throw new Error(`cannot run ${WRK}: ${r.error.message} (set WRK=/path/to/wrk)`);
  const m = /Requests\/sec:\s+([\d.]+)/.exec(r.stdout);
  const n = /(\d+) requests in/.exec(r.stdout);
  if (!m || !n) throw new Error(`wrk said: ${r.stdout}${r.stderr}`);
  if (/Non-2xx/.test(r.stdout)) throw new Error(`non-2xx answers: ${r.stdout}`);
  return { rps: Number(m[1]), cpuUs: (cpu * 1e6) / Number(n[1]) };
}

const dir = mkdtempSync(join(tmpdir(), 'nls-lookup-'));
let script: string | null = null;
let what: string;
if (args.word) {
  what = `one word (${args.word})`;
} else {
  const words = await headwords(500);
  what = `${words.length} headwords in turn`;
  script = join(dir, 'words.lua');
  const list = words.map((w) => `"/api/v1/dictionary/word?q=${encodeURIComponent(w)}"`).join(',\n');
  writeFileSync(script, `local paths = {\n${list}\n}\nlocal i = 0\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n`);
}
const svc = await startService({ WORKERS: args.workers!, DATA_DIR: process.env.DATA_DIR ?? join(ROOT, 'native-data') }, args.root ?? ROOT);
const rows: { up: Round; word: Round }[] = [];
try {
  const wordUrl = `${svc.url}/api/v1/dictionary/word?q=${encodeURIComponent(args.word ?? 'घर')}`;
  // Warm-up of both (JIT, the store's pages).
  wrk(svc.pid, `${svc.url}/up`, null);
  wrk(svc.pid, wordUrl, script);
  for (let i = 0; i < Number(args.pairs); i++) {
    const up = wrk(svc.pid, `${svc.url}/up`, null);
    const word = wrk(svc.pid, wordUrl, script);
    rows.push({ up, word });
    console.error(
      `  pair ${i + 1}: /up ${up.rps.toFixed(0)}, word ${word.rps.toFixed(0)} req/s (${((100 * word.rps) / up.rps).toFixed(0)}%); main thread ${up.cpuUs.toFixed(1)} / ${word.cpuUs.toFixed(1)} µs a request`,
    );
  }
} finally {
  await svc.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`Date: ${new Date().toISOString()}; machine: ${machine()}`);
console.log(
  `Command: node dist/bench/lookup-ratio.js --pairs ${args.pairs} --seconds ${args.seconds} --connections ${args.connections} --threads ${args.threads}${args.word ? ` --word ${args.word}` : ''}${args.root ? ` --root ${args.root}` : ''} (wrk, ${args.workers} workers; GET /api/v1/dictionary/word over ${what})`,
);
console.log('');
console.log('| pair | /up req/s | dictionary word req/s | ratio | main-thread CPU µs a request: /up | word | CPU ratio (/up ÷ word) |');
console.log('|---:|---:|---:|---:|---:|---:|---:|');
const pct = (x: number): string => `${x.toFixed(0)}%`;
rows.forEach((r, i) =>
  console.log(
    `| ${i + 1} | ${r.up.rps.toFixed(0)} | ${r.word.rps.toFixed(0)} | ${pct((100 * r.word.rps) / r.up.rps)} | ${r.up.cpuUs.toFixed(1)} | ${r.word.cpuUs.toFixed(1)} | ${pct((100 * r.up.cpuUs) / r.word.cpuUs)} |`,
  ),
);
const med = (f: (r: { up: Round; word: Round }) => number): number => median(rows.map(f));
console.log(
  `| median | ${med((r) => r.up.rps).toFixed(0)} | ${med((r) => r.word.rps).toFixed(0)} | ${pct(med((r) => (100 * r.word.rps) / r.up.rps))} | ${med((r) => r.up.cpuUs).toFixed(1)} | ${med((r) => r.word.cpuUs).toFixed(1)} | ${pct(med((r) => (100 * r.up.cpuUs) / r.word.cpuUs))} |`,
);
