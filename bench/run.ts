// `make bench`: HTTP throughput and latency of the running service with
// autocannon, against the empty /up baseline measured in the same run.
//
//   node dist/bench/run.js [--seconds 5] [--rounds 3] [--connections 50] [--only name,name]
//
// Prints a markdown table and writes bench/out/http.json.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  ROOT,
  freshDevanagariTexts,
  freshRomanTexts,
  machine,
  median,
  nearLimitText,
  percentile,
  residentMiB,
  romanText,
  runRound,
  startService,
  type RoundResult,
  type Scenario,
} from './lib.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '2' },
    only: { type: 'string' },
    workers: { type: 'string' },
  },
});
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
const WARMUP = Number(args.warmup);

const near = await nearLimitText();
const roman = romanText(1000);
const q = (s: string): string => encodeURIComponent(s);
/** How many never-seen texts the one-at-a-time "new text" measures send. */
const FRESH_TEXTS = 30;
const freshNear = await freshDevanagariTexts(FRESH_TEXTS, 1000);
const freshRoman = freshRomanTexts(FRESH_TEXTS, 1000, 1000);

const scenarios: Scenario[] = [
  { name: 'up (baseline)', path: '/up' },
  { name: 'dictionary word', path: `/api/v1/dictionary/word?q=${q('घर')}` },
  { name: 'dictionary suggest', path: `/api/v1/dictionary/suggest?q=${q('नेपा')}` },
  { name: 'spellcheck word', path: `/api/v1/spellcheck/word?word=${q('नेपालि')}` },
  {
    name: 'spellcheck near-limit text',
    method: 'POST',
    path: '/api/v1/spellcheck/text',
    body: JSON.stringify({ text: near.text }),
    freshBodies: freshNear.texts.map((text) => JSON.stringify({ text })),
  },
  {
    name: 'romanize 1,000 tokens',
    method: 'POST',
    path: '/api/v1/romanization/resolve',
    body: JSON.stringify({ text: roman.text }),
    freshBodies: freshRoman?.map((text) => JSON.stringify({ text })),
  },
  {
    name: 'mixed',
    path: '/',
    requests: [
      { method: 'GET', path: `/api/v1/dictionary/word?q=${q('घर')}` },
      { method: 'GET', path: `/api/v1/dictionary/suggest?q=${q('रा')}` },
      { method: 'GET', path: `/api/v1/spellcheck/word?word=${q('सहर')}` },
      { method: 'POST', path: '/api/v1/spellcheck/text', body: JSON.stringify({ text: near.text.slice(0, 400) }) },
      { method: 'POST', path: '/api/v1/romanization/resolve', body: JSON.stringify({ text: 'mero naam ram ho' }) },
      { method: 'GET', path: '/api/v1/health' },
    ],
  },
];
const only = args.only?.split(',');
const selected = scenarios.filter((s) => s.name === 'up (baseline)' || !only || only.some((o) => s.name.includes(o)));

/** Requests one at a time before those measured (every worker's caches see the text). */
const SEQUENTIAL_WARMUP = 40;

/** One request at a time: the latency a single client sees; with `bodies`, each of them once instead of the scenario's body n times. */
async function sequentialLatency(url: string, s: Scenario, n: number, bodies?: string[]): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < (bodies?.length ?? n); i++) {
    const t = performance.now();
    const r = await fetch(url + s.path, { method: s.method ?? 'GET', body: bodies?.[i] ?? s.body, headers: { 'content-type': 'application/json' } });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`${s.name}: HTTP ${r.status}`);
    times.push(performance.now() - t);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const svc = await startService(args.workers ? { WORKERS: args.workers } : {});
console.error(`service ${svc.url} (pid ${svc.pid}); ${machine()}`);
const idleMiB = residentMiB(svc.pid);
let peakMiB = idleMiB;
const results: Record<string, RoundResult & { rounds: RoundResult[]; sequential?: { p50: number; p99: number }; fresh?: { p50: number; p99: number } }> = {};
try {
  for (const s of selected) {
    // One client alone on the service, warmed up by its own requests:
    // measured before any concurrent load, whose queues and garbage would
    // otherwise still be draining.
    let sequential: { p50: number; p99: number } | undefined;
    if (!s.requests && s.name !== 'up (baseline)') {
      await sequentialLatency(svc.url, s, SEQUENTIAL_WARMUP);
      sequential = await sequentialLatency(svc.url, s, s.method === 'POST' ? 200 : 500);
    }
    const fresh = s.freshBodies?.length ? await sequentialLatency(svc.url, s, 0, s.freshBodies) : undefined;
    await runRound(svc.url, s, WARMUP, CONNECTIONS);
    const rounds: RoundResult[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const sampler = setInterval(() => (peakMiB = Math.max(peakMiB, residentMiB(svc.pid))), 250);
      rounds.push(await runRound(svc.url, s, SECONDS, CONNECTIONS));
      clearInterval(sampler);
    }
    const pick = (k: keyof RoundResult): number => median(rounds.map((r) => r[k]));
    results[s.name] = {
      rps: pick('rps'),
      p50: pick('p50'),
      p97_5: pick('p97_5'),
      p99: pick('p99'),
      errors: pick('errors'),
      non2xx: pick('non2xx'),
      rounds,
      sequential,
      fresh,
    };
    console.error(`  ${s.name}: ${results[s.name]!.rps.toFixed(0)} req/s`);
  }
} finally {
  await svc.stop();
}

const base = results['up (baseline)']!.rps;
const lines = [
  `| scenario | req/s | ratio to /up | p50 ms | p97.5 ms | p99 ms | errors | non-2xx | one at a time p50 / p99 ms | one at a time, each text new, p50 / max ms |`,
  `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
];
const pair = (x: { p50: number; p99: number } | undefined): string => (x ? `${x.p50.toFixed(2)} / ${x.p99.toFixed(2)}` : '');
for (const [name, r] of Object.entries(results)) {
  // Of FRESH_TEXTS samples the 99th percentile is the slowest one: the table says max.
  lines.push(
    `| ${name} | ${r.rps.toFixed(0)} | ${(r.rps / base).toFixed(2)} | ${r.p50} | ${r.p97_5} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${pair(r.sequential)} | ${pair(r.fresh)} |`,
  );
}
const summary = [
  `Date: ${new Date().toISOString()}; machine: ${machine()}`,
  `Command: node dist/bench/run.js --seconds ${SECONDS} --rounds ${ROUNDS} --connections ${CONNECTIONS}${args.workers ? ` --workers ${args.workers}` : ''} (medians of ${ROUNDS} rounds after a ${WARMUP} s warm-up)`,
  `Near-limit text: ${near.source} (${[...near.text].length} characters); romanized text: ${roman.source}`,
  `Each text new: ${FRESH_TEXTS} texts of 1,000 words never sent before, once each, one at a time after the scenario's own (${freshNear.source}; romanized: ${freshRoman ? `${freshRoman.length} runs of the eval sentences after the first 1,000 words` : 'none without the eval sentences'})`,
  `Resident memory (whole process, all threads): idle ${idleMiB.toFixed(0)} MiB, peak under load ${peakMiB.toFixed(0)} MiB`,
  '',
  ...lines,
].join('\n');
console.log(summary);
mkdirSync(join(ROOT, 'bench/out'), { recursive: true });
writeFileSync(join(ROOT, 'bench/out/http.json'), JSON.stringify({ date: new Date().toISOString(), machine: machine(), idleMiB, peakMiB, results }, null, 2));
