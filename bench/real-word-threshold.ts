// What a frequency rule for real-word errors flags at each ratio (issue 21,
// item 2; the checker's own rule, realWordError (src/engine/spell/twins.ts), uses 100 and
// the standard's view on top, so at 100 and above this counts only what
// that view keeps correct): a word the spellchecker accepts whose
// confusion twin (a lexicon form of the same confusion key, one confusion
// slip away: error-model.ts, CONFUSION_ONLY) is R times more frequent in the
// frequency word list (WordStore.rank; a word the list lacks counts as twice
// its length) would be flagged, with the twin as its correction.
//
//   node dist/bench/real-word-threshold.js [--ratios 3,10,30,100,300] [--show 14]
//
// For each ratio R: the share of the tokens of FLoRes dev and of the
// frequent corpus words it would flag besides today's flags (the cost on
// real text), examples, and on the evaluation pairs the misspellings it
// would newly detect (and with the right twin) and the correct forms it
// would flag. Runs on the built store (native-data/current or $DATA_DIR) with
// its stored verdicts; skips without ../shared/eval.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_WORDLIST } from '../src/build/pipeline.js';
import { CONFUSION_ONLY } from '../src/engine/spell/candidates.js';
import { confusionKey } from '../src/engine/spell/confusion.js';
import { editCost } from '../src/engine/spell/error-model.js';
import { Spellchecker } from '../src/engine/spell/spellchecker.js';
import { normalizeWord } from '../src/engine/lang/normalize.js';
import { DEVANAGARI_WORDS } from '../src/engine/lang/text.js';
import { FORM_LEXICON } from '../src/store/types.js';
import { printFlaggedByRatio, readEval } from './lib.js';
import { loadRealStore } from './roman-real-store.js';

const { values: args } = parseArgs({ options: { ratios: { type: 'string', default: '3,10,30,100,300' }, show: { type: 'string', default: '14' } } });
const RATIOS = args.ratios!.split(',').map(Number);
const SHOW = Number(args.show);

const loaded = loadRealStore(['--store=lmdb']);
const flores = readEval('text/flores_dev.ne.txt');
const corpus = readEval('text/corpus_frequent_words.txt');
if (!loaded || flores === null || corpus === null) {
  console.log('no built store or no evaluation data: skipped');
  process.exit(0);
}
const store = loaded.store;
const spell = new Spellchecker(store, { storedVerdicts: true });
/** The rank of a word the list lacks: twice the list's length. */
const UNRANKED = 2 * readFileSync(DEFAULT_WORDLIST, 'utf8').split('\n').filter(Boolean).length;

/** The twin that is most times more frequent than the word, and how many times. */
const memo = new Map<string, [number, string | null]>();
function twinRatio(w: string): [number, string | null] {
  let best = memo.get(w);
  if (best) return best;
  best = [0, null];
  const rw = store.rank(w) ?? UNRANKED;
  for (const t of store.formsByConfusionKey(confusionKey(w))) {
    if (t === w || !((store.formFlags(t) ?? 0) & FORM_LEXICON) || editCost(w, t, CONFUSION_ONLY) > CONFUSION_ONLY) continue;
    const rt = store.rank(t);
    if (rt !== undefined && rw / rt > best[0]) best = [rw / rt, t];
  }
  memo.set(w, best);
  return best;
}

console.log(`# Real-word errors by frequency: what each ratio would flag (${new Date().toISOString()})\n`);
console.log(`store: ${loaded.description}\n`);
function realText(label: string, tokens: string[]): void {
  printFlaggedByRatio(label, tokens, RATIOS, SHOW, (w) => {
    if (spell.checkWord(w).status !== 'correct') return null;
    const [ratio, twin] = twinRatio(w);
    return twin ? { ratio, twin } : null;
  });
}
realText('FLoRes dev', (flores.match(DEVANAGARI_WORDS) ?? []).map(normalizeWord));
realText('corpus frequent words', corpus.split('\n').filter(Boolean).map(normalizeWord));
console.log('');
for (const f of ['gold_pairs.tsv', 'injected_pairs_697.tsv']) {
  const text = readEval(`spelling/${f}`);
  if (text === null) continue;
  const rows = text
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .filter((r) => r[1]);
  const gained = RATIOS.map(() => 0);
  const right = RATIOS.map(() => 0);
  const falseFlags = RATIOS.map(() => 0);
  for (const [bad, good] of rows) {
    const b = normalizeWord(bad!);
    const g = normalizeWord(good!);
    if (spell.checkWord(b).status === 'correct') {
      const [r, t] = twinRatio(b);
      RATIOS.forEach((R, i) => {
        if (r >= R) {
          gained[i]!++;
          if (t === g) right[i]!++;
        }
      });
    }
    if (spell.checkWord(g).status === 'correct') RATIOS.forEach((R, i) => (twinRatio(g)[0] >= R ? falseFlags[i]!++ : 0));
  }
  console.log(
    `${f} (${rows.length} pairs): ` +
      RATIOS.map((R, i) => `>= ${R}: +${gained[i]} detected (${right[i]} with the right twin), ${falseFlags[i]} correct forms flagged`).join('; '),
  );
}
