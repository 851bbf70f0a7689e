// Autocomplete against the frequency word list (issue 21's target): for the
// most frequent two- and three-letter prefixes of the word list, how many of
// the prefix's most frequent dictionary words the first completions hold.
//
//   node dist/bench/suggest-frequency.js [--prefixes 200] [--limit 10] [--need 6] [--wordlist FILE]
//
// "Letters" are code points, as a user types them (का is क + ा). A prefix's
// frequency is the number of the list's words (as the build keeps them:
// src/build/frequency.ts, text filters) that begin with it; its most
// frequent dictionary words are those words, in rank order, that are
// headwords of the store. A prefix meets the target when the first `limit`
// completions (suggestWords, as GET /api/v1/dictionary/suggest) include
// `need` of its `limit` most frequent dictionary words (or all of them, when
// it has fewer). Runs on the built store (native-data/current or $DATA_DIR).

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { importFrequencyList } from '../src/build/frequency.js';
import { DEFAULT_WORDLIST } from '../src/build/pipeline.js';
import { suggestWords } from '../src/engine/lookup/suggest.js';
import { loadRealStore } from './roman-real-store.js';

const { values: args } = parseArgs({
  options: {
    prefixes: { type: 'string', default: '200' },
    limit: { type: 'string', default: '10' },
    need: { type: 'string', default: '6' },
    wordlist: { type: 'string', default: DEFAULT_WORDLIST },
    show: { type: 'string', default: '10' },
  },
});
const PREFIXES = Number(args.prefixes);
const LIMIT = Number(args.limit);
const NEED = Number(args.need);

const loaded = loadRealStore(['--store=lmdb']);
if (!loaded) {
  console.log('no built store (run `make data`): skipped');
  process.exit(0);
}
const { store } = loaded;
const ranked = [...importFrequencyList(readFileSync(args.wordlist!, 'utf8')).ranks.keys()];

const prefixCount = new Map<string, number>();
for (const w of ranked) {
  const cps = [...w];
  for (const n of [2, 3]) if (cps.length > n) prefixCount.set(cps.slice(0, n).join(''), (prefixCount.get(cps.slice(0, n).join('')) ?? 0) + 1);
}
const prefixes = [...prefixCount]
  .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  .slice(0, PREFIXES)
  .map(([p]) => p);

let met = 0;
let overlapSum = 0;
const misses: string[] = [];
const t0 = performance.now();
for (const p of prefixes) {
  const frequent = ranked.filter((w) => w.startsWith(p) && store.headword(w) !== undefined).slice(0, LIMIT);
  const got = suggestWords(store, p, LIMIT);
  const overlap = frequent.filter((w) => got.includes(w)).length;
  overlapSum += overlap;
  const need = Math.min(NEED, frequent.length);
  if (overlap >= need) met++;
  else misses.push(`${p}: ${overlap} of ${frequent.length} (got ${got.join(' ')}; frequent ${frequent.join(' ')})`);
}
const ms = performance.now() - t0;
console.log(`# Suggest against the frequency word list (${new Date().toISOString()})\n`);
console.log(`store: ${loaded.description}; word list: ${args.wordlist} (${ranked.length} words after the text filters)`);
console.log(`prefixes: the ${prefixes.length} most frequent two- and three-letter prefixes (${prefixes.slice(0, 12).join(' ')} ...)\n`);
console.log(
  `prefixes whose first ${LIMIT} completions hold at least ${NEED} of their ${LIMIT} most frequent dictionary words: ${met} of ${prefixes.length} (${((100 * met) / prefixes.length).toFixed(1)}%)`,
);
console.log(`mean overlap: ${(overlapSum / prefixes.length).toFixed(2)} of ${LIMIT}`);
console.log(`(${ms.toFixed(0)} ms for the ${prefixes.length} prefixes, reference lists included)`);
if (misses.length > 0) console.log(`\nmisses (first ${args.show}):\n` + misses.slice(0, Number(args.show)).join('\n'));
