// Stage 4, when no dictionary word matched: two dictionary words written
// together (suchanapath सूचनापथ, kagajghar कागजघर), also joined by the
// long-a sandhi (niyamanusar नियमानुसार).

import { FORM_ATTESTED, FORM_LEXICON, type AliasRecord } from '../../../store/types.js';
import { aksharaCount, CONSONANTS, HALANTA } from '../../lang/letters.js';
import { CASUAL_COST_STEP } from '../aliases.js';
import { Stage, type CandidateSet } from '../candidates.js';
import type { Lexicon } from '../lexicon.js';
import { syllabify } from '../schemes.js';
import { COMPOUND_PENALTY, SPLIT_PENALTY, UNVERIFIED_SPLIT_PENALTY } from '../weights.js';

/** Shortest roman part of a compound. */
const MIN_COMPOUND_PART = 3;

const STARTS_WITH_CONSONANT = new RegExp(`^[${CONSONANTS}]`);
const ENDS_WITH_CONSONANT = new RegExp(`[${CONSONANTS}]$`);

/**
 * Every split point where both parts are exact aliases of dictionary
 * words: the joined Devanagari is a split candidate, weighted by the
 * lighter part. Returns whether any was added.
 */
export function compoundStage(set: CandidateSet): boolean {
  const token = set.token.typed;
  let any = false;
  const n = token.length;
  for (let p = MIN_COMPOUND_PART; p <= n - MIN_COMPOUND_PART; p++) {
    const a = bestDictionaryRecord(set.lexicon, token.slice(0, p));
    if (!a) continue;
    const b = bestDictionaryRecord(set.lexicon, token.slice(p));
    if (!b) continue;
    // The second word starts with a consonant, or merges with the first by
    // the long-a sandhi (दीर्घ सन्धि: दर्शन + अनुसार = दर्शनानुसार, typed
    // darshananusar or darshanaanusar); any other vowel letter inside a
    // word would have merged otherwise.
    const sandhi = !STARTS_WITH_CONSONANT.test(b.word);
    const joined = sandhi ? longASandhi(a.word, b.word) : a.word + b.word;
    if (joined === null) continue;
    // A compound the word lists have, or else (lower) one of two headwords
    // the spellchecker has no correction for (standardFirst): Nepali writes
    // new compounds freely (कागजघर, सूचनापथ), no list has them all.
    const listed = ((set.lexicon.formFlags(joined) ?? 0) & (FORM_LEXICON | FORM_ATTESTED)) !== 0;
    // A sandhi join no list has needs a second word of three aksharas or
    // more (अनुसार, आशय): short ones make junk of anything (pas+and: पसाण्ड).
    if (sandhi && !listed && (syllabify(b.word)?.length ?? 0) < 3) continue;
    // A sandhi join is one reading more of the letters (sitaphal: सीता+फल,
    // not सिट+अफल): it goes after a plain join as likely.
    const weight = Math.min(a.weight, b.weight) - SPLIT_PENALTY - COMPOUND_PENALTY - (listed ? 0 : UNVERIFIED_SPLIT_PENALTY) - (sandhi ? CASUAL_COST_STEP : 0);
    set.add(
      joined,
      token,
      Math.max(1, weight),
      a.kinds.filter((k) => b.kinds.includes(k)),
      Stage.Split,
      [a.word, b.word],
    );
    any = true;
  }
  return any;
}

/** अ/आ + अ/आ = आ: a first word ending in its inherent a or in ा, a second starting with अ or आ (नियम + अनुसार = नियमानुसार); null otherwise. */
function longASandhi(first: string, second: string): string | null {
  if (!second.startsWith('अ') && !second.startsWith('आ')) return null;
  if (first.endsWith('ा')) return first + second.slice(1);
  return ENDS_WITH_CONSONANT.test(first) ? first + 'ा' + second.slice(1) : null;
}

/** The best stored alias record of a headword of two aksharas or more (a word that can stand in a compound: अति, not का), or null. */
function bestDictionaryRecord(lexicon: Lexicon, roman: string): AliasRecord | null {
  for (const r of lexicon.store.aliases(roman)) {
    if (r.word.endsWith(HALANTA) || aksharaCount(r.word) < 2) continue;
    if (lexicon.isHeadword(r.word)) return r;
  }
  return null;
}
