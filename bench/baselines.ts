// Side by side, in one run, on the same near-limit text: this service's
// spellchecker (in process and over HTTP) against Debian's hunspell command
// with hunspell-ne, and nspell with dictionary-ne, each checking every word
// and suggesting for the ones it rejects.
//
//   node dist/bench/baselines.js [--runs 20]
//
// hunspell: `apt-get install hunspell` (skipped with a note when absent).

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import nspell from 'nspell';
import { Spellchecker } from '../src/engine/spell/spellchecker.js';
import { tokenizeForSpellcheck } from '../src/engine/spell/tokenize.js';
import { BloomFilter } from '../src/store/bloom.js';
import { resolveDataDir } from '../src/store/data-dir.js';
import { BLOOM_FILE } from '../src/store/lmdb-layout.js';
import { LmdbStore } from '../src/store/lmdb-store.js';
import { ROOT, machine, median, nearLimitText, percentile, startService } from './lib.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const RUNS = Number(args.runs);
const near = await nearLimitText();
const words = tokenizeForSpellcheck(near.text).map((t) => t.text);
const dataDir = resolveDataDir(process.env.DATA_DIR ?? join(ROOT, 'native-data'));
const rows: { tool: string; ms: number; flagged: number; note: string }[] = [];

// --- ours, in process (a fresh cache each run: nothing remembered between runs)
{
  const bloom = BloomFilter.parse(readFileSync(join(dataDir, BLOOM_FILE)));
  const store = new LmdbStore(dataDir, bloom);
  const times: number[] = [];
  let flagged = 0;
  for (let i = 0; i < RUNS + 3; i++) {
    const checker = new Spellchecker(store, { resultCache: false });
    const t = performance.now();
    const r = checker.checkText(near.text);
    const dt = performance.now() - t;
    if (i >= 3) times.push(dt);
    flagged = r.misspelled.length;
  }
  rows.push({
    tool: 'this service, engine in process (no cache)',
    ms: median(times),
    flagged,
    note: `median of ${RUNS}, p99 ${percentile(times, 99).toFixed(2)} ms`,
  });
  store.close();
}

// --- ours, over HTTP, one request at a time
{
  const svc = await startService();
  try {
    const body = JSON.stringify({ text: near.text });
    const times: number[] = [];
    let flagged = 0;
    for (let i = 0; i < RUNS * 5 + 5; i++) {
      const t = performance.now();
      const r = await fetch(`${svc.url}/api/v1/spellcheck/text`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      const j = (await r.json()) as { misspelled: unknown[] };
      const dt = performance.now() - t;
      if (i >= 5) times.push(dt);
      flagged = j.misspelled.length;
    }
    rows.push({
      tool: 'this service over HTTP (cache warm after the first request)',
      ms: median(times),
      flagged,
      note: `median of ${RUNS * 5}, p99 ${percentile(times, 99).toFixed(2)} ms`,
    });
  } finally {
    await svc.stop();
  }
}

// --- nspell + dictionary-ne (npm), in process
{
  const require = createRequire(import.meta.url);
  const load = require('dictionary-ne') as (cb: (err: Error | null, d: { aff: Buffer; dic: Buffer }) => void) => void;
  const dict = await new Promise<{ aff: Buffer; dic: Buffer }>((res, rej) => load((e, d) => (e ? rej(e) : res(d))));
  const t0 = performance.now();
  const spell = nspell(dict);
  const loadMs = performance.now() - t0;
  const times: number[] = [];
  let flagged = 0;
  const runs = Math.max(1, Math.min(3, RUNS));
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    flagged = 0;
    for (const w of new Set(words)) {
      if (!spell.correct(w)) {
        flagged++;
        spell.suggest(w);
      }
    }
    times.push(performance.now() - t);
  }
  rows.push({
    tool: 'nspell 2.1.5 + dictionary-ne 1.0.3, in process',
    ms: median(times),
    flagged,
    note: `median of ${runs}; loading the dictionary took ${loadMs.toFixed(0)} ms more`,
  });
}

// --- Debian's hunspell command with hunspell-ne (start-up included, as a user runs it)
{
  const have = spawnSync('hunspell', ['-v']).status === 0;
  if (!have) rows.push({ tool: 'hunspell (Debian)', ms: NaN, flagged: NaN, note: 'not installed: apt-get install hunspell' });
  else {
    const src = join(ROOT, 'native-data/cache/src/hunspell-ne/usr/share/hunspell');
    const tmp = mkdtempSync(join(tmpdir(), 'hunspell-bench-'));
    // WORDCHARS keeps the stock tool from splitting words at vowel signs.
    const aff = readFileSync(join(src, 'ne_NP.aff'), 'utf8') + '\nWORDCHARS ािीुूृेैोौंःँ़्\u200C\u200D\n';
    writeFileSync(join(tmp, 'ne_NP.aff'), aff);
    writeFileSync(join(tmp, 'ne_NP.dic'), readFileSync(join(src, 'ne_NP.dic')));
    const input = near.text.split(/(?<=[।?!])\s*/).join('\n') + '\n';
    const times: number[] = [];
    let flagged = 0;
    const runs = Math.max(1, Math.min(3, RUNS));
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const out = execFileSync('hunspell', ['-d', join(tmp, 'ne_NP'), '-a', '-i', 'utf-8'], { input, encoding: 'utf8', maxBuffer: 64 << 20 });
      times.push(performance.now() - t);
      flagged = out.split('\n').filter((l) => l.startsWith('&') || l.startsWith('#')).length;
    }
    rows.push({
      tool: 'hunspell 1.7 command + hunspell-ne (Debian), check and suggest',
      ms: median(times),
      flagged,
      note: `median of ${runs}, start-up included`,
    });
  }
}

const ours = rows[1]!.ms;
console.log(`Date: ${new Date().toISOString()}; machine: ${machine()}`);
console.log(`Command: node dist/bench/baselines.js --runs ${RUNS}; text: ${near.source} (${words.length} words)`);
console.log('');
console.log('| tool | ms per text | words flagged | ratio to this service over HTTP | note |');
console.log('|---|---:|---:|---:|---|');
for (const r of rows) console.log(`| ${r.tool} | ${r.ms.toFixed(2)} | ${r.flagged} | ${(r.ms / ours).toFixed(1)}x | ${r.note} |`);
