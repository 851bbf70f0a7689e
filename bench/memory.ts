// Memory under texts never seen before (issue 20): the service's anonymous
// memory (RssAnon: heaps, caches) apart from the mapped store (RssFile),
// sampled while it is sent new texts, and the spellcheck cache's hit rate on
// the three eval texts afterwards.
//
//   node dist/bench/memory.js [--texts 6000] [--words 300] [--clients 4] [--baseline DIR]
//
// Three phases of `--texts` texts each, `--words` words per text, from
// `--clients` clients at once, every text new (random draws, a new seed
// each run): romanization (7 in 10 words of the eval's romanized sentences,
// 3 in 10 roman aliases of the store: words a client rarely sends);
// spellcheck (the eval's FLoRes and frequent words); rare-word spellcheck
// (forms of the store's vocabulary drawn at random, one in five with a
// letter changed). Then the three eval texts (near_limit_clean,
// near_limit_misspelled, the first 1,000 words of flores_dev), twice each,
// and the share of their words the per-word cache answered.

import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { open } from 'lmdb';
import { DB_NAMES, MAX_DBS, STORE_DIR } from '../src/store/lmdb-layout.js';
import { resolveDataDir } from '../src/store/data-dir.js';
import { machine, memoryOf, readEval, ROOT, startService, type RunningService } from './lib.js';

const { values: args } = parseArgs({
  options: {
    texts: { type: 'string', default: '6000' },
    words: { type: 'string', default: '300' },
    clients: { type: 'string', default: '4' },
    baseline: { type: 'string' },
    workers: { type: 'string', default: '2' },
  },
});
const TEXTS = Number(args.texts);
const WORDS = Number(args.words);
const CLIENTS = Number(args.clients);

// ---- vocabularies
const store = open({ path: join(resolveDataDir(process.env.DATA_DIR ?? join(ROOT, 'native-data')), STORE_DIR), readOnly: true, maxDbs: MAX_DBS });
function keysOf(name: string, every: number): string[] {
  const out: string[] = [];
  let i = 0;
  for (const k of store.openDB({ name }).getKeys()) if (typeof k === 'string' && i++ % every === 0) out.push(k);
  return out;
}
const aliasKeys = keysOf(DB_NAMES.aliases, 7).filter((k) => /^[a-z]{2,}$/.test(k));
const formKeys = keysOf(DB_NAMES.forms, 5);
await store.close();
const words = (text: string | null): string[] => (text ?? '').split(/\s+/).filter(Boolean);
const romanEval = words(
  (readEval('romanization/sentence_pairs.tsv') ?? '')
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t')[0] ?? '')
    .join(' '),
);
const devEval = [...words(readEval('text/flores_dev.ne.txt')), ...words(readEval('text/corpus_frequent_words.txt'))];

let seed = Date.now() >>> 0;
const rnd = (n: number): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
const pick = <T>(xs: T[]): T => xs[rnd(xs.length)]!;
const LETTERS = 'कखगघचछजझटठडतथदधनपफबभमयरलवसह';

const phases: { name: string; path: string; make: () => string }[] = [
  {
    name: 'romanization',
    path: '/api/v1/romanization/resolve',
    make: () => Array.from({ length: WORDS }, () => (rnd(10) < 7 && romanEval.length ? pick(romanEval) : pick(aliasKeys))).join(' '),
  },
  { name: 'spellcheck', path: '/api/v1/spellcheck/text', make: () => Array.from({ length: WORDS }, () => pick(devEval.length ? devEval : formKeys)).join(' ') },
  {
    name: 'rare-word spellcheck',
    path: '/api/v1/spellcheck/text',
    make: () =>
      Array.from({ length: WORDS }, () => {
        const w = pick(formKeys);
        if (rnd(5) !== 0 || w.length < 3) return w;
        const i = rnd(w.length);
        return w.slice(0, i) + LETTERS[rnd(LETTERS.length)] + w.slice(i + 1);
      }).join(' '),
  },
];

async function post(url: string, path: string, text: string): Promise<void> {
  const r = await fetch(url + path, { method: 'POST', body: JSON.stringify({ text }), headers: { 'content-type': 'application/json' } });
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status}`);
}

async function lruCounters(url: string): Promise<{ hits: number; misses: number }> {
  const h = (await (await fetch(url + '/api/v1/health')).json()) as { cache: { lru_cache_hits: number; lru_cache_misses: number } };
  return { hits: h.cache.lru_cache_hits, misses: h.cache.lru_cache_misses };
}

/** What health says the threads hold: V8 heaps and the engine caches (summed over the threads). */
async function heldBy(url: string): Promise<string> {
  const h = (await (await fetch(url + '/api/v1/health')).json()) as {
    memory?: { heap_mib: number; heap_committed_mib: number; external_mib: number; caches: Record<string, { mib: number }> };
  };
  if (!h.memory) return '';
  const m = h.memory;
  const caches = Object.values(m.caches).reduce((a, c) => a + c.mib, 0);
  return `heap used ${m.heap_mib.toFixed(0)} of ${m.heap_committed_mib.toFixed(0)} committed, external ${m.external_mib.toFixed(0)}, caches ${caches.toFixed(0)}`;
}

async function measure(label: string, root: string): Promise<string[]> {
  const svc: RunningService = await startService({ WORKERS: args.workers }, root);
  const rows: string[] = [];
  try {
    const start = memoryOf(svc.pid);
    rows.push(`| ${label} | start | 0 | ${start.anon.toFixed(0)} | ${start.file.toFixed(0)} |`);
    let sent = 0;
    let peak = start.anon;
    const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(svc.pid).anon)), 200);
    for (const phase of phases) {
      if (sent > 0) rows.push(`| ${label} | (health: ${await heldBy(svc.url)}) | ${sent} | | |`);
      let started = 0;
      let finished = 0;
      const every = Math.max(1, Math.floor(TEXTS / 4));
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (started < TEXTS) {
            started++;
            await post(svc.url, phase.path, phase.make());
            sent++;
            if (++finished % every === 0) {
              const m = memoryOf(svc.pid);
              rows.push(`| ${label} | ${phase.name} | ${sent} | ${m.anon.toFixed(0)} | ${m.file.toFixed(0)} |`);
            }
          }
        }),
      );
    }
    clearInterval(sampler);
    rows.push(`| ${label} | (health: ${await heldBy(svc.url)}) | ${sent} | | |`);
    const texts = [
      readEval('text/near_limit_clean.txt'),
      readEval('text/near_limit_misspelled.txt'),
      words(readEval('text/flores_dev.ne.txt')).slice(0, 1000).join(' '),
    ].filter((t): t is string => !!t && t.length > 0);
    const before = await lruCounters(svc.url);
    for (let i = 0; i < 2; i++) for (const t of texts) await post(svc.url, '/api/v1/spellcheck/text', t);
    const after = await lruCounters(svc.url);
    const hits = after.hits - before.hits;
    const misses = after.misses - before.misses;
    rows.push(`| ${label} | peak while sending | ${sent} | ${peak.toFixed(0)} | |`);
    rows.push(
      `| ${label} | eval texts after: cache hit rate ${((100 * hits) / Math.max(1, hits + misses)).toFixed(1)}% (${hits} of ${hits + misses}) | | ${memoryOf(svc.pid).anon.toFixed(0)} | |`,
    );
  } finally {
    await svc.stop();
  }
  return rows;
}

const builds: [string, string][] = [['this build', ROOT]];
if (args.baseline) builds.push([`baseline ${args.baseline}`, args.baseline]);
const rows: string[] = [];
for (const [label, root] of builds) rows.push(...(await measure(label, root)));
console.log(
  [
    `Date: ${new Date().toISOString()}; machine: ${machine()}`,
    `Command: node dist/bench/memory.js --texts ${TEXTS} --words ${WORDS} --clients ${CLIENTS} --workers ${args.workers}${args.baseline ? ` --baseline ${args.baseline}` : ''}`,
    '',
    '| build | after | texts sent | RssAnon MiB | RssFile MiB |',
    '|---|---|---:|---:|---:|',
    ...rows,
  ].join('\n'),
);
