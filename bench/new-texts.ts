// Texts the service has never seen, beside warm ones, over HTTP (issue 19's
// targets): what a batch client whose every text is new gets.
//
//   node dist/bench/new-texts.js [--only spell,roman] [--baseline DIR] [--concurrency 4] [--accept-encoding identity]
//
// For each build (this one, and --baseline, a checkout built with `make
// setup build`), each measure on a freshly started service (2 workers):
//   spellcheck: every 1,000-word run of the eval's FLoRes sentences and
//     frequent corpus words, each sent once, one at a time; then the
//     near-limit text 200 times (warm);
//   romanization: every 1,000-token run of the eval's romanized sentences
//     after the first 1,000 words, once each, one at a time; then the first
//     1,000 words 200 times (warm); then, on a fresh service, the same new
//     texts from `--concurrency` clients at once (texts per second).
// Memory after each measure: anonymous (RssAnon: heaps, caches) apart from
// the mapped store file (RssFile).

import { parseArgs } from 'node:util';
import {
  evalDevanagariRuns,
  freshRomanTexts,
  machine,
  memoryOf,
  nearLimitText,
  percentile,
  romanText,
  ROOT,
  startService,
  type RunningService,
} from './lib.js';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'spell,roman' },
    baseline: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    // fetch asks for gzip/br by default; the engines' speed is compared uncompressed (bench/compression.ts measures compression).
    'accept-encoding': { type: 'string', default: 'identity' },
    workers: { type: 'string', default: '2' },
  },
});
const ONLY = args.only!.split(',');
const CONCURRENCY = Number(args.concurrency);

async function post(url: string, path: string, text: string): Promise<number> {
  const t = performance.now();
  const r = await fetch(url + path, {
    method: 'POST',
    body: JSON.stringify({ text }),
    headers: { 'content-type': 'application/json', 'accept-encoding': args['accept-encoding']! },
  });
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status}`);
  return performance.now() - t;
}

interface Figures {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

function figures(times: number[]): Figures {
  return { n: times.length, p50: percentile(times, 50), p90: percentile(times, 90), p99: percentile(times, 99), max: Math.max(...times) };
}

const fmt = (f: Figures): string => `${f.p50.toFixed(1)} / ${f.p90.toFixed(1)} / ${f.p99.toFixed(1)} / ${f.max.toFixed(1)} (${f.n})`;

async function withService<T>(root: string, fn: (svc: RunningService) => Promise<T>): Promise<T & { memory: { anon: number; file: number } }> {
  const svc = await startService({ WORKERS: args.workers }, root);
  try {
    const out = await fn(svc);
    return { ...out, memory: memoryOf(svc.pid) };
  } finally {
    await svc.stop();
  }
}

const SPELL = '/api/v1/spellcheck/text';
const ROMAN = '/api/v1/romanization/resolve';
const spellNew = evalDevanagariRuns(Infinity, 1000).texts;
const near = (await nearLimitText()).text;
const romanNew = freshRomanTexts(Infinity, 1000, 1000) ?? [];
const romanWarm = romanText(1000).text;

async function sequential(url: string, path: string, texts: string[]): Promise<Figures> {
  const times: number[] = [];
  for (const t of texts) times.push(await post(url, path, t));
  return figures(times);
}

async function warm(url: string, path: string, text: string): Promise<Figures> {
  for (let i = 0; i < 40; i++) await post(url, path, text);
  return sequential(url, path, Array(200).fill(text));
}

/** The texts from `clients` clients at once, each taking the next text; texts per second. */
async function concurrent(url: string, path: string, texts: string[], clients: number): Promise<number> {
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < texts.length) await post(url, path, texts[next++]!);
    }),
  );
  return texts.length / ((performance.now() - t) / 1000);
}

const rows: string[] = [];
const builds: [string, string][] = [['this build', ROOT]];
if (args.baseline) builds.push([`baseline ${args.baseline}`, args.baseline]);
for (const [label, root] of builds) {
  if (ONLY.includes('spell') && spellNew.length) {
    const r = await withService(root, async (svc) => ({ fresh: await sequential(svc.url, SPELL, spellNew), warm: await warm(svc.url, SPELL, near) }));
    rows.push(`| ${label} | spellcheck, 1,000 words | ${fmt(r.fresh)} | ${fmt(r.warm)} | | ${r.memory.anon.toFixed(0)} / ${r.memory.file.toFixed(0)} |`);
  }
  if (ONLY.includes('roman') && romanNew.length) {
    const r = await withService(root, async (svc) => ({ fresh: await sequential(svc.url, ROMAN, romanNew), warm: await warm(svc.url, ROMAN, romanWarm) }));
    const c = await withService(root, async (svc) => ({ rate: await concurrent(svc.url, ROMAN, romanNew, CONCURRENCY) }));
    rows.push(
      `| ${label} | romanization, 1,000 tokens | ${fmt(r.fresh)} | ${fmt(r.warm)} | ${c.rate.toFixed(1)} | ${r.memory.anon.toFixed(0)} / ${r.memory.file.toFixed(0)} |`,
    );
  }
}
console.log(
  [
    `Date: ${new Date().toISOString()}; machine: ${machine()}`,
    `Command: node dist/bench/new-texts.js --only ${args.only} --concurrency ${CONCURRENCY} --workers ${args.workers} --accept-encoding ${args['accept-encoding']}${args.baseline ? ` --baseline ${args.baseline}` : ''}`,
    `New texts: spellcheck ${spellNew.length} (every 1,000-word run of eval FLoRes and frequent words), romanization ${romanNew.length} (every 1,000-token run of the eval's romanized sentences after the first 1,000 words); each sent once to a freshly started service.`,
    '',
    `| build | job | new texts, one at a time: p50 / p90 / p99 / max ms (n) | warm text, one at a time: p50 / p90 / p99 / max ms (n) | new texts/s, ${CONCURRENCY} clients | memory after, anon / file MiB |`,
    '|---|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n'),
);
