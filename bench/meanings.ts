// What the dictionary tells of the words people look up, and the search by
// meaning, on the built store (native-data/current or $DATA_DIR):
//
//   - of the `--words` most frequent words of the frequency list that are
//     headwords (the list's order, as the build imports it): how many have
//     English meanings (the look-up's `english`), and how many have an
//     example sentence someone wrote (the first of GET
//     /dictionary/examples, whose order puts real sentences before the
//     thesaurus's definition phrases) rather than a definition fragment;
//   - the meaning search on bench/data/english-search.tsv: 100 everyday
//     English words with the Nepali words expected of them, written by hand
//     before the search existed; a hit when an expected word is among the
//     first `--top` answers (searchEnglish, as GET /dictionary/english).
//
//   node dist/bench/meanings.js [--words 1000] [--top 3] [--show 20]

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { importFrequencyList } from '../src/build/frequency.js';
import { DEFAULT_WORDLIST } from '../src/build/pipeline.js';
import { normalizeWord } from '../src/engine/lang/normalize.js';
import { lookupEntry } from '../src/engine/lookup/entry.js';
import { searchEnglish } from '../src/engine/lookup/english.js';
import { THESAURUS_DICT } from '../src/store/types.js';
import { ROOT, machine } from './lib.js';
import { loadRealStore } from './roman-real-store.js';

const { values: args } = parseArgs({
  options: {
    words: { type: 'string', default: '1000' },
    top: { type: 'string', default: '3' },
    show: { type: 'string', default: '20' },
  },
});
const WORDS = Number(args.words);
const TOP = Number(args.top);
const SHOW = Number(args.show);

const loaded = loadRealStore(['--store=lmdb']);
if (!loaded) {
  console.log('no built store (run `make data`): skipped');
  process.exit(0);
}
const { store } = loaded;
const pct = (n: number, d: number): string => `${((100 * n) / d).toFixed(1)}%`;

// --- the most frequent headwords
const frequent: string[] = [];
for (const w of importFrequencyList(readFileSync(DEFAULT_WORDLIST, 'utf8')).ranks.keys()) {
  if (store.headword(w)) frequent.push(w);
  if (frequent.length === WORDS) break;
}
let withEnglish = 0;
let withSentence = 0;
const noEnglish: string[] = [];
const noSentence: string[] = [];
for (const w of frequent) {
  if (lookupEntry(store, w)!.english.length > 0) withEnglish++;
  else noEnglish.push(w);
  const first = store.exampleSentences(w)[0];
  if (first && first.source !== THESAURUS_DICT) withSentence++;
  else noSentence.push(w);
}

// --- the meaning search
const cases = readFileSync(join(ROOT, 'bench/data/english-search.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .slice(1)
  .map((l) => {
    const [english, expected] = l.split('\t');
    return { english: english!, expected: expected!.split(',').map((w) => normalizeWord(w.trim())) };
  });
let hits = 0;
let firsts = 0;
const misses: string[] = [];
const t0 = performance.now();
for (const c of cases) {
  const got = searchEnglish(store, c.english, TOP).results.map((r) => r.word);
  if (got.some((w) => c.expected.includes(w))) hits++;
  else misses.push(`${c.english}: expected ${c.expected.join('/')}, got ${got.join(', ') || '(nothing)'}`);
  if (c.expected.includes(got[0] ?? '')) firsts++;
}
const searchMs = (performance.now() - t0) / cases.length;

console.log(`Date: ${new Date().toISOString()}; machine: ${machine()}`);
console.log(`Command: node dist/bench/meanings.js --words ${WORDS} --top ${TOP}\n`);
console.log('| measure | result |');
console.log('|---|---:|');
console.log(`| the ${frequent.length} most frequent headwords with English meanings | ${withEnglish} (${pct(withEnglish, frequent.length)}) |`);
console.log(`| ... whose first example is a real sentence (not a thesaurus fragment) | ${withSentence} (${pct(withSentence, frequent.length)}) |`);
console.log(`| meaning search: an expected word among the first ${TOP} | ${hits} of ${cases.length} (${pct(hits, cases.length)}) |`);
console.log(`| meaning search: an expected word first | ${firsts} of ${cases.length} (${pct(firsts, cases.length)}) |`);
console.log(`| meaning search: time a query, on the store (mean) | ${(searchMs * 1000).toFixed(0)} µs |`);
console.log(`\nWithout English meanings (first ${SHOW}): ${noEnglish.slice(0, SHOW).join(' ')}`);
console.log(`Without a real sentence (first ${SHOW}): ${noSentence.slice(0, SHOW).join(' ')}`);
console.log(`Meaning-search misses:\n${misses.map((m) => `  ${m}`).join('\n')}`);
