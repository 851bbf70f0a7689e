// Texts the service has never seen, beside warm ones, over HTTP: what a
// batch client whose every text is new gets, as a distribution per
// endpoint, with the spread from run to run.
//
//   node dist/bench/new-texts.js [--only spell,roman] [--baseline DIR] [--texts 200] [--rounds 1] [--seed 40]
//                                [--concurrency 4] [--workers 2] [--accept-encoding identity]
//
// For each round, each build (this one, and --baseline, a checkout built
// with `make setup build`; the order reversed every other round), each
// measure on a freshly started service:
//   spellcheck: --texts new texts of about 1,000 words, each made of FLoRes
//     lines drawn at random (mulberry32, --seed; the round's number added),
//     sent once each, one at a time; then the near-limit text 200 times
//     after 40 (warm);
//   romanization: --texts new texts of about 1,000 tokens of the eval's
//     romanized sentences drawn the same way, once each, one at a time;
//     then the first 1,000 words 200 times after 40 (warm); then, on
//     another fresh service, the same new texts from --concurrency clients
//     at once (texts per second).
// The bench collects its own garbage every 20 requests, outside the timed
// part: its major collections would otherwise count as the service's time.
// Without --texts, the new texts are every 1,000-word run of the eval's
// FLoRes and frequent words, and every 1,000-token run of its romanized
// sentences after the first 1,000 words (no word of one repeated in
// another, and fewer texts).
// Each row: p50 / p90 / p99 / max ms; with several rounds, the median of
// each over the rounds and their range. Beside the new texts, the CPU time
// the service's threads spent on them, per text (/proc ticks of 10 ms):
// the work, which wall times on a shared machine hide. Memory after each measure:
// anonymous (RssAnon: heaps, caches) apart from the mapped store (RssFile).

import { parseArgs } from 'node:util';
import { MAX_ROMAN_TEXT_CHARACTERS } from '../src/schemas/romanization-resolve.js';
import { MAX_TEXT_CHARACTERS } from '../src/schemas/spellcheck-text.js';
import { prng } from '../test/integration/random.js';
import {
  collectOwnGarbage,
  evalDevanagariRuns,
  freshRomanTexts,
  machine,
  median,
  memoryOf,
  nearLimitText,
  percentile,
  readEval,
  romanText,
  ROOT,
  startService,
  threadCpuMs,
  type RunningService,
} from './lib.js';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'spell,roman' },
    baseline: { type: 'string' },
    texts: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    seed: { type: 'string', default: '40' },
    concurrency: { type: 'string', default: '4' },
    // fetch asks for gzip/br by default; the engines' speed is compared uncompressed (bench/compression.ts measures compression).
    'accept-encoding': { type: 'string', default: 'identity' },
    workers: { type: 'string', default: '2' },
  },
});
const ONLY = args.only!.split(',');
const CONCURRENCY = Number(args.concurrency);
const ROUNDS = Math.max(1, Number(args.rounds));
const TEXTS = args.texts === undefined ? null : Number(args.texts);
const MAX_CHARACTERS = Math.min(MAX_TEXT_CHARACTERS, MAX_ROMAN_TEXT_CHARACTERS);

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

/** The rounds' figures: the median of each and its range. */
function spread(fs: Figures[]): string {
  if (fs.length === 1) return fmt(fs[0]!);
  const one = (k: keyof Figures): string => {
    const xs = fs.map((f) => f[k]);
    return `${median(xs).toFixed(1)} (${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)})`;
  };
  return `${one('p50')} / ${one('p90')} / ${one('p99')} / ${one('max')} (${fs[0]!.n} x ${fs.length})`;
}

async function withService<T>(root: string, fn: (svc: RunningService) => Promise<T>): Promise<T & { memory: { anon: number; file: number } }> {
  const svc = await startService({ WORKERS: args.workers! }, root);
  try {
    const out = await fn(svc);
    return { ...out, memory: memoryOf(svc.pid) };
  } finally {
    await svc.stop();
  }
}

/**
 * `count` texts of `size` words (the last line drawn cut to fit), each of
 * lines drawn at random from `lines`, within the endpoints' character limit.
 */
function drawnTexts(lines: string[], count: number, size: number, seed: number, join: string): string[] {
  const rand = prng(seed);
  const out: string[] = [];
  for (let i = 0; i < count && lines.length > 0; i++) {
    const picked: string[] = [];
    let chars = 0;
    for (let n = 0; n < size;) {
      const words = lines[Math.floor(rand() * lines.length)]!.split(/\s+/)
        .filter(Boolean)
        .slice(0, size - n);
      const line = words.join(' ');
      if (chars + line.length + join.length > MAX_CHARACTERS) break;
      picked.push(line);
      chars += line.length + join.length;
      n += words.length;
    }
    out.push(picked.join(join));
  }
  return out;
}

const floresLines = (readEval('text/flores_dev.ne.txt') ?? '').split('\n').filter((l) => l.trim());
const romanLines = (readEval('romanization/sentence_pairs.tsv') ?? '')
  .split('\n')
  .slice(1)
  .map((l) => l.split('\t')[0] ?? '')
  .filter((l) => l.trim());
const spellNew = (round: number): string[] =>
  TEXTS === null ? evalDevanagariRuns(Infinity, 1000).texts : drawnTexts(floresLines, TEXTS, 1000, Number(args.seed) + round, '\n');
const romanNew = (round: number): string[] =>
  TEXTS === null ? (freshRomanTexts(Infinity, 1000, 1000) ?? []) : drawnTexts(romanLines, TEXTS, 1000, Number(args.seed) + 1000 + round, ' ');

const SPELL = '/api/v1/spellcheck/text';
const ROMAN = '/api/v1/romanization/resolve';
const near = (await nearLimitText()).text;
const romanWarm = romanText(1000).text;

/** The service's CPU ms (every thread) per text while it answers `texts` one at a time: the work, which a busy machine's wall times hide. */
async function cpuPerText(svc: RunningService, path: string, texts: string[]): Promise<{ fresh: Figures; cpu: number }> {
  const total = (): number => [...threadCpuMs(svc.pid).values()].reduce((a, b) => a + b, 0);
  const before = total();
  const fresh = await sequential(svc.url, path, texts);
  return { fresh, cpu: (total() - before) / texts.length };
}

/** Requests between two of this process's own collections (collectOwnGarbage), which are then never inside a timed request. */
const COLLECT_EVERY = 20;

async function sequential(url: string, path: string, texts: string[]): Promise<Figures> {
  const times: number[] = [];
  for (const [i, t] of texts.entries()) {
    if (i % COLLECT_EVERY === 0) collectOwnGarbage();
    times.push(await post(url, path, t));
  }
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

interface BuildFigures {
  spellNew: Figures[];
  spellWarm: Figures[];
  romanNew: Figures[];
  romanWarm: Figures[];
  spellCpu: number[];
  romanCpu: number[];
  rate: number[];
  memory: string[];
}

const builds: [string, string][] = [['this build', ROOT]];
if (args.baseline) builds.push([`baseline ${args.baseline}`, args.baseline]);
const results = new Map<string, BuildFigures>(
  builds.map(([label]) => [label, { spellNew: [], spellWarm: [], romanNew: [], romanWarm: [], spellCpu: [], romanCpu: [], rate: [], memory: [] }]),
);
// Before any measure, each build's service once, asked texts of another
// seed and then thrown away: the first measure of a run would otherwise
// pay alone for what is cold once per run (this process's own fetch and
// JSON code, the store's pages), and the builds alternate by round, not
// that (bench/journal/2026-11-28.md#bench-first-measure).
for (const [, root] of builds) {
  await withService(root, async (svc) => {
    if (ONLY.includes('spell') && floresLines.length) await sequential(svc.url, SPELL, drawnTexts(floresLines, 20, 1000, Number(args.seed) + 9000, '\n'));
    if (ONLY.includes('roman') && romanLines.length) await sequential(svc.url, ROMAN, drawnTexts(romanLines, 20, 1000, Number(args.seed) + 9000, ' '));
  });
}
for (let round = 0; round < ROUNDS; round++) {
  for (const [label, root] of round % 2 === 0 ? builds : [...builds].reverse()) {
    const f = results.get(label)!;
    if (ONLY.includes('spell') && floresLines.length) {
      const r = await withService(root, async (svc) => ({ ...(await cpuPerText(svc, SPELL, spellNew(round))), warm: await warm(svc.url, SPELL, near) }));
      f.spellNew.push(r.fresh);
      f.spellWarm.push(r.warm);
      f.spellCpu.push(r.cpu);
      f.memory.push(`spell ${r.memory.anon.toFixed(0)} / ${r.memory.file.toFixed(0)}`);
    }
    if (ONLY.includes('roman') && romanLines.length) {
      const r = await withService(root, async (svc) => ({ ...(await cpuPerText(svc, ROMAN, romanNew(round))), warm: await warm(svc.url, ROMAN, romanWarm) }));
      const c = await withService(root, async (svc) => ({ rate: await concurrent(svc.url, ROMAN, romanNew(round), CONCURRENCY) }));
      f.romanNew.push(r.fresh);
      f.romanWarm.push(r.warm);
      f.romanCpu.push(r.cpu);
      f.rate.push(c.rate);
      f.memory.push(`roman ${r.memory.anon.toFixed(0)} / ${r.memory.file.toFixed(0)}`);
    }
    console.error(`round ${round + 1} of ${ROUNDS}: ${label} measured`);
  }
}

/** A figure of each round: the one, or the median and the range. */
const overRounds = (xs: number[]): string =>
  xs.length === 1 ? xs[0]!.toFixed(1) : `${median(xs).toFixed(1)} (${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)})`;

const rows: string[] = [];
for (const [label, f] of results) {
  if (f.spellNew.length)
    rows.push(
      `| ${label} | spellcheck, 1,000 words | ${spread(f.spellNew)} | ${overRounds(f.spellCpu)} | ${spread(f.spellWarm)} | | ${f.memory.filter((m) => m.startsWith('spell')).join(', ')} |`,
    );
  if (f.romanNew.length)
    rows.push(
      `| ${label} | romanization, 1,000 tokens | ${spread(f.romanNew)} | ${overRounds(f.romanCpu)} | ${spread(f.romanWarm)} | ${overRounds(f.rate)} | ${f.memory.filter((m) => m.startsWith('roman')).join(', ')} |`,
    );
}
const source =
  TEXTS === null
    ? `spellcheck ${spellNew(0).length} (every 1,000-word run of eval FLoRes and frequent words), romanization ${romanNew(0).length} (every 1,000-token run of the eval's romanized sentences after the first 1,000 words)`
    : `${TEXTS} of each kind a round, of eval FLoRes lines and romanized sentences drawn at random (seed ${args.seed} + the round)`;
console.log(
  [
    `Date: ${new Date().toISOString()}; machine: ${machine()}`,
    `Command: node dist/bench/new-texts.js --only ${args.only} --concurrency ${CONCURRENCY} --workers ${args.workers} --accept-encoding ${args['accept-encoding']}${TEXTS === null ? '' : ` --texts ${TEXTS} --seed ${args.seed}`} --rounds ${ROUNDS}${args.baseline ? ` --baseline ${args.baseline}` : ''}`,
    `New texts: ${source}; each sent once to a freshly started service.`,
    '',
    `| build | job | new texts, one at a time: p50 / p90 / p99 / max ms (n)${ROUNDS > 1 ? ', median (range) over the rounds' : ''} | service CPU ms per new text (all threads) | warm text, one at a time: p50 / p90 / p99 / max ms | new texts/s, ${CONCURRENCY} clients | memory after, anon / file MiB |`,
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n'),
);
