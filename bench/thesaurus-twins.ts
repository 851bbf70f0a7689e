// What the thesaurus-spelling rule flags at each ratio (issue 21, item 2;
// thesaurusSpelling (src/engine/spell/twins.ts), which asks 1.5): a word of the word list
// whose twin inside the standard's classes (vowel length, श/ष/स, ब/व,
// visarga) the thesaurus defines, where the thesaurus does not define the
// word, is misspelled when real text writes the twin's stem R times as
// often as the word's (the frequency list's ranks). For each ratio R:
//   - the forms of the lexicon (of all 760,000 forms of the store) the
//     checker otherwise accepts that the rule would flag, and which;
//   - the tokens of FLoRes dev and of the frequent corpus words it would
//     flag besides today's flags (the cost on real text);
//   - on the evaluation pairs: misspellings newly detected (with the right
//     twin) and correct forms flagged.
// The checker itself answers with the rule at 1.5, so "otherwise accepts"
// means correct, or misspelled by this rule alone (category standard, the
// twin the only correction, no orthography rule).
//
//   node dist/bench/thesaurus-twins.js [--ratios 1,1.5,2,3] [--show 40]
//
// Runs on the built store (native-data/current or $DATA_DIR); skips without
// the store or ../shared/eval.

import { realpathSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { normalizeWord } from '../src/engine/lang/normalize.js';
import { DEVANAGARI_WORDS } from '../src/engine/lang/text.js';
import { FORM_LEXICON } from '../src/store/types.js';
import { Spellchecker } from '../src/engine/spell/spellchecker.js';
import { openEngines } from '../src/worker/engines.js';
import { resolveDataDir } from '../src/store/data-dir.js';
import { printFlaggedByRatio, readEval } from './lib.js';

const { values: args } = parseArgs({ options: { ratios: { type: 'string', default: '1,1.5,2,3' }, show: { type: 'string', default: '40' } } });
const RATIOS = args.ratios!.split(',').map(Number);
const SHOW = Number(args.show);

const flores = readEval('text/flores_dev.ne.txt');
const corpus = readEval('text/corpus_frequent_words.txt');
let dir: string;
try {
  dir = realpathSync(resolveDataDir(process.env.DATA_DIR ?? 'native-data'));
} catch {
  dir = '';
}
if (!dir || flores === null || corpus === null) {
  console.log('no built store or no evaluation data: skipped');
  process.exit(0);
}
const e = openEngines({ dataDir: dir, bloom: null, cacheBytes: 64 << 20, warmUp: false });
const { store } = e;
// Without the build's verdicts: they were reached with the rule at its own ratio.
const spell = new Spellchecker(store, { storedVerdicts: false });

/** The word's twin and ratio when the checker would accept it without the rule (see the header), else null. */
const memo = new Map<string, { twin: string; ratio: number } | null>();
function twinOf(w: string): { twin: string; ratio: number } | null {
  let found = memo.get(w);
  if (found !== undefined) return found;
  found = null;
  const r = spell.checkWord(w);
  const t = spell.twins.thesaurusTwin(w);
  const acceptedOtherwise =
    r.status === 'correct' ||
    (r.status === 'misspelled' && r.category === 'standard' && !r.rule && t !== null && r.corrections?.length === 1 && r.corrections[0] === t.twin);
  if (acceptedOtherwise && t !== null && (store.formFlags(w) ?? 0) & FORM_LEXICON) found = t;
  memo.set(w, found);
  return found;
}

console.log(`# The thesaurus's spelling of a word of the word list, by ratio (${new Date().toISOString()})\n`);
console.log(`store: ${dir}\n`);

// --- every lexicon form
{
  const flagged = RATIOS.map(() => [] as string[]);
  let forms = 0;
  for (const w of store.formWords()) {
    forms++;
    if (!((store.formFlags(w) ?? 0) & FORM_LEXICON)) continue;
    const t = twinOf(w);
    if (t) RATIOS.forEach((R, i) => (t.ratio >= R ? flagged[i]!.push(`${w} -> ${t.twin} (${t.ratio.toFixed(1)})`) : 0));
  }
  console.log(`## Forms of the lexicon (${forms.toLocaleString('en')} forms in the store)\n`);
  RATIOS.forEach((R, i) => {
    console.log(`>= ${R}: ${flagged[i]!.length} forms`);
    const only = i + 1 < RATIOS.length ? flagged[i]!.filter((x) => !flagged[i + 1]!.includes(x)) : flagged[i]!;
    if (i + 1 < RATIOS.length) console.log(`  not at ${RATIOS[i + 1]}: ${only.join(', ') || 'none'}`);
    else console.log(`  ${only.slice(0, SHOW).join(', ')}${only.length > SHOW ? ', ...' : ''}`);
  });
  console.log('');
}

// --- real text
function realText(label: string, tokens: string[]): void {
  printFlaggedByRatio(label, tokens, RATIOS, SHOW, twinOf);
}
console.log('## Real text: tokens flagged besides the other rules\n');
realText('FLoRes dev', (flores.match(DEVANAGARI_WORDS) ?? []).map(normalizeWord));
realText('corpus frequent words', corpus.split('\n').filter(Boolean).map(normalizeWord));
console.log('');

// --- evaluation pairs
console.log('## Evaluation pairs\n');
for (const f of ['gold_pairs.tsv', 'injected_pairs_697.tsv', 'rule_table_pairs.tsv', 'test_assert_pairs.tsv']) {
  const text = readEval(`spelling/${f}`);
  if (text === null) continue;
  const rows = text
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .filter((r) => r[1]);
  const gained = RATIOS.map(() => 0);
  const right = RATIOS.map(() => 0);
  const falseFlags = RATIOS.map(() => [] as string[]);
  for (const [bad, good] of rows) {
    const b = normalizeWord(bad!);
    const goods = good!.split('/').map(normalizeWord);
    const t = twinOf(b);
    if (t)
      RATIOS.forEach((R, i) => {
        if (t.ratio >= R) {
          gained[i]!++;
          if (goods.includes(t.twin)) right[i]!++;
        }
      });
    for (const g of goods) {
      const tg = twinOf(g);
      if (tg) RATIOS.forEach((R, i) => (tg.ratio >= R ? falseFlags[i]!.push(g) : 0));
    }
  }
  console.log(
    `${f} (${rows.length} pairs): ` +
      RATIOS.map(
        (R, i) =>
          `>= ${R}: +${gained[i]} detected (${right[i]} with the right twin), ${falseFlags[i]!.length} correct forms flagged${falseFlags[i]!.length ? ' (' + falseFlags[i]!.join(', ') + ')' : ''}`,
      ).join('; '),
  );
}
e.store.close();
