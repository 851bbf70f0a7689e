// Do compounds follow their parts? (issue 21, item 4: one consistent
// standard.) Over every lexicon form of the built store, the spelling the
// spellchecker settles on (the first correction of a misspelled word, the
// word itself when it is correct) is read as two parts X + Y (a split at a
// letter, two aksharas or more on each side, the part the standard is asked
// about a word of the lexicon or of its grammar), and compared with the
// standard spelling the orthography rules give that part
// (Spellchecker.checkWord of the part: a finding with a `rule`):
//
//   against  a word with the part's standard spelling is corrected to the
//            spelling the rule corrects: ठुलाबडा -> ठूलाबडा, although
//            ठूला -> ठुला (tadbhav-hrasva), the other part the same. The
//            word is a lexicon form, or (since the standard spelling of a
//            compound is often in no list) the settled spelling of a
//            `keeps` word with the part replaced by its standard, checked in
//            turn. A true contradiction: the checker moves a word away from
//            the standard.
//   keeps    the settled spelling keeps a part the rules correct, the other
//            part a word: ठूलाबडा (correct) beside ठूला -> ठुला. The
//            compound does not follow its part. Some of these are the rules'
//            own choices (a rule marked wholeWord, as the -इ conjunctive
//            participle, which stays -इ inside a compound by design: लेखिसकेको)
//            or chance splits that are no compound (a name that happens to
//            start with a word): the table is by rule, with examples.
//
//   node dist/bench/compound-parts.js [--show 12] [--all-forms]
//
// --all-forms walks every form of the store (real text's words as well),
// not only the lexicon's. Runs on the built store (native-data/current or
// $DATA_DIR) with its stored verdicts when they are this engine's.

import { parseArgs } from 'node:util';
import { ORTHOGRAPHY_RULES } from '../src/engine/spell/orthography.js';
import { POSTPOSITIONS } from '../src/engine/lang/postpositions.js';
import { aksharaCount, HALANTA, isLetterCode } from '../src/engine/lang/letters.js';
import { resolveDataDir } from '../src/store/data-dir.js';
import { FORM_LEXICON } from '../src/store/types.js';
import { openEngines, verdictsUsable } from '../src/worker/engines.js';

const { values: args } = parseArgs({ options: { show: { type: 'string', default: '12' }, 'all-forms': { type: 'boolean', default: false } } });
const SHOW = Number(args.show);

const e = openEngines({ dataDir: resolveDataDir(process.env.DATA_DIR ?? 'native-data'), bloom: null, cacheBytes: 256 << 20, warmUp: false });
const { spell, store } = e;
const WHOLE_WORD_RULES = new Set(ORTHOGRAPHY_RULES.filter((r) => r.wholeWord).map((r) => r.id));

/** The rules' spelling of a part that is a word of the lexicon or its grammar, with the rule's id; null when no rule fires (or it is no word). */
const partMemo = new Map<string, { rule: string; standard: string } | null>();
function standardOfPart(part: string): { rule: string; standard: string } | null {
  let found = partMemo.get(part);
  if (found !== undefined) return found;
  found = null;
  if (spell.morph.isLexicon(part) || spell.morph.analyse(part) !== null) {
    const r = spell.checkWord(part);
    if (r.rule && r.corrections?.[0]) found = { rule: r.rule, standard: r.corrections[0] };
  }
  partMemo.set(part, found);
  return found;
}

const wordMemo = new Map<string, boolean>();
/** A word of the lexicon or of its grammar (a compound's member need not be one the rules leave alone: मन्त्रि). */
function isWord(part: string): boolean {
  let ok = wordMemo.get(part);
  if (ok === undefined) {
    ok = spell.morph.isLexicon(part) || spell.morph.analyse(part) !== null;
    wordMemo.set(part, ok);
  }
  return ok;
}

/**
 * The word, and each base left by cutting off a postposition chain, split
 * into two members of two aksharas or more at a letter that is not the second
 * of a conjunct, with the chain: [x, y, chain]. The same splits as the
 * orthography rules' (orthography.ts isCompoundOf), except that a member
 * need only be a word of the grammar, not of the lexicon.
 */
function* splits(w: string): Generator<[string, string, string]> {
  for (const { base, suffix } of [{ base: w, suffix: '' }, ...spell.morph.splitPostpositions(w)]) {
    for (let i = 2; i <= base.length - 2; i++) {
      if (!isLetterCode(base.charCodeAt(i)) || base[i - 1] === HALANTA) continue;
      const x = base.slice(0, i);
      const y = base.slice(i);
      if (aksharaCount(x) < 2 || aksharaCount(y) < 2) continue;
      // A word with its postposition is no compound (आईटी + का, not आई + टीका), and a member with one is
      // looked at without it, in the base the chain is cut from.
      if (POSTPOSITIONS.some((p) => y.length > p.length && y.endsWith(p) && (isWord(y.slice(0, -p.length)) || isWord(base.slice(0, -p.length))))) continue;
      yield [x, y, suffix];
    }
  }
}

interface Finding {
  word: string;
  settled: string;
  part: string;
  standard: string;
  rule: string;
}

const against: Finding[] = [];
const keeps: Finding[] = [];
const wholeWordKeeps: Finding[] = [];
let forms = 0;
let walked = 0;
let misspelled = 0;
let followingAccepted = 0;
let followingUnknown = 0;
const started = Date.now();
for (const w of store.formWords()) {
  forms++;
  if (!args['all-forms'] && !((store.formFlags(w) ?? 0) & FORM_LEXICON)) continue;
  walked++;
  const r = spell.checkWord(w);
  const settled = r.status === 'misspelled' ? r.corrections![0]! : w;
  if (r.status === 'misspelled') misspelled++;
  for (const [x, y, chain] of splits(settled)) {
    // A whole-word rule's finding on a part says nothing of the compound (by design), unless no other rule's does.
    const fx = standardOfPart(x);
    const fy = standardOfPart(y);
    const memberRule = (f: typeof fx): boolean => f !== null && !WHOLE_WORD_RULES.has(f.rule);
    const sx = memberRule(fx) || (!memberRule(fy) && fx !== null) ? fx : null;
    const sy = sx ? null : fy;
    const std = sx ?? sy;
    if (!std) continue;
    const part = sx ? x : y;
    const following = (sx ? std.standard + y : x + std.standard) + chain;
    const finding = { word: w, settled, part, standard: std.standard, rule: std.rule };
    // The word had the part's standard spelling; its correction undid it.
    if (settled !== w && w === following) {
      against.push(finding);
      break;
    }
    if (!isWord(sx ? y : x)) continue;
    // The settled spelling keeps the part the rules correct, beside a word.
    if (WHOLE_WORD_RULES.has(std.rule)) {
      wholeWordKeeps.push(finding);
      break;
    }
    keeps.push(finding);
    // And the spelling that follows the part: accepted, unknown, or corrected against the part?
    const f = spell.checkWord(following);
    const back = f.status === 'misspelled' ? f.corrections![0]! : null;
    if (back !== null && back !== following && (back === settled || (sx ? back.startsWith(x) : back.endsWith(y + chain)))) {
      against.push({ word: following, settled: back, part, standard: std.standard, rule: std.rule });
    } else if (f.status === 'correct') followingAccepted++;
    else if (f.status === 'unknown') followingUnknown++;
    break;
  }
}

/** By rule, and within a rule one example for each part (the first word met), most words first. */
function byRule(list: Finding[]): void {
  const rules = new Map<string, Finding[]>();
  for (const f of list) rules.set(f.rule, [...(rules.get(f.rule) ?? []), f]);
  console.log('| rule | words | parts | examples: word (-> its settled spelling) [part -> its standard], by part |');
  console.log('|---|---|---|---|');
  for (const [rule, fs] of [...rules].sort((a, b) => b[1].length - a[1].length)) {
    const parts = new Map<string, Finding>();
    for (const f of fs) if (!parts.has(f.part)) parts.set(f.part, f);
    const ex = [...parts.values()]
      .slice(0, SHOW)
      .map((f) => `${f.word}${f.settled !== f.word ? ` -> ${f.settled}` : ''} [${f.part} -> ${f.standard}]`)
      .join('; ');
    console.log(`| ${rule}${WHOLE_WORD_RULES.has(rule) ? ' (whole word)' : ''} | ${fs.length} | ${parts.size} | ${ex} |`);
  }
  console.log();
}

console.log(
  `${walked} ${args['all-forms'] ? 'forms' : 'lexicon forms'} of ${forms} walked in ${((Date.now() - started) / 1000).toFixed(0)} s, ${misspelled} misspelled`,
);
console.log(`stored verdicts ${verdictsUsable(store.meta) ? "used (this engine's)" : "not used (another engine's: run `make data`)"}\n`);
console.log(`## Corrected against a part's standard spelling: ${against.length}\n`);
console.log(
  "A lexicon form corrected away from its part's standard spelling, or the spelling that follows the part (the part replaced by its standard) corrected back.\n",
);
byRule(against);
console.log(`## Settled spelling keeps a part the rules correct: ${keeps.length}\n`);
console.log(
  `The spelling that follows the part: accepted ${followingAccepted}, unknown ${followingUnknown}, corrected against the part ${keeps.length - followingAccepted - followingUnknown} (counted above).\n`,
);
byRule(keeps);
console.log(`## ... by a rule that reads whole words only (by design: not a compound's member): ${wholeWordKeeps.length}\n`);
byRule(wholeWordKeeps);
store.close();
