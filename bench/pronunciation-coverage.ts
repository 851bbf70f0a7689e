// Pronunciations of the everyday headwords (the target: >= 85%): of the
// most frequent words of the frequency word list that are headwords (a
// dictionary's headword, as bench/meanings.ts counts them), how many have a
// `pronunciation` in their dictionary entry (lookupEntry, as GET
// /api/v1/dictionary/word answers), and which have none; and of the words
// with an entry of English meanings alone (inflected forms a source lists),
// how many have one too.
//
//   node dist/bench/pronunciation-coverage.js [--words 1000] [--show 30] [--wordlist FILE]
//
// The list's words are read as the build keeps them (src/build/frequency.ts,
// text filters), most frequent first. Runs on the built store
// (native-data/current or $DATA_DIR).

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { importFrequencyList } from '../src/build/frequency.js';
import { DEFAULT_WORDLIST } from '../src/build/pipeline.js';
import { lookupEntry } from '../src/engine/lookup/entry.js';
import { loadRealStore } from './roman-real-store.js';

const { values: args } = parseArgs({
  options: {
    words: { type: 'string', default: '1000' },
    show: { type: 'string', default: '30' },
    wordlist: { type: 'string', default: DEFAULT_WORDLIST },
  },
});
const WORDS = Number(args.words);

const loaded = loadRealStore(['--store=lmdb']);
if (!loaded) {
  console.log('no built store (run `make data`): skipped');
  process.exit(0);
}
const { store } = loaded;
const ranks = importFrequencyList(readFileSync(args.wordlist!, 'utf8')).ranks;
let headwords = 0;
let pronounced = 0;
const without: string[] = [];
let forms = 0;
let formsPronounced = 0;
for (const word of ranks.keys()) {
  if (headwords >= WORDS) break;
  const entry = lookupEntry(store, word);
  if (!entry) continue;
  if (!store.headword(word)) {
    forms++;
    if (entry.pronunciation) formsPronounced++;
    continue;
  }
  headwords++;
  if (entry.pronunciation) pronounced++;
  else without.push(word);
}
console.log(`# Pronunciations of the everyday headwords\n\nstore: ${loaded.description}\n`);
console.log(
  `Of the ${headwords} most frequent words of ${args.wordlist} that are headwords: ${pronounced} have a pronunciation (${((100 * pronounced) / headwords).toFixed(1)}%).`,
);
console.log(
  `Passed over on the way: ${forms} words with an entry of English meanings alone (inflected forms), ${formsPronounced} of them with a pronunciation.`,
);
if (without.length)
  console.log(`Without one (first ${Math.min(without.length, Number(args.show))}, most frequent first): ${without.slice(0, Number(args.show)).join(' ')}`);
