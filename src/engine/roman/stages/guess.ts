// Stage 7, only for a word typed alone (the only word of the request) that
// no dictionary word matches exactly in a usual spelling: the words one
// edit of its fuzzy key away (shretha श्रेष्ठ, neupany न्यौपाने, tewari
// तिवारी), ranked with the fuzzy matches by weight. In running text such a
// word stays as typed: mixed text keeps its English (publish, branch and
// entry are each one edit from a Nepali word).

import { Stage, type CandidateSet } from '../candidates.js';
import { FUZZY_EDIT_PENALTY, USUAL_MATCH_WEIGHT } from '../weights.js';
import { VOWELS } from './fuzzy.js';

/**
 * A key of fewer letters has too many words one edit away; a longer one is
 * no word (and costs 40 look-ups a letter).
 */
const MIN_GUESS_KEY = 4;
const MAX_GUESS_KEY = 14;
/** The letters a fuzzy key is made of (roman/keys.ts fuzzyRomanKey folds f q v w x z away or into these). */
const FUZZY_LETTERS = 'abcdeghijklmnoprstuy';

/** Whether the token may be guessed for when it is typed alone: no dictionary word matched exactly in a usual spelling. */
export function isGuessable(set: CandidateSet, fkey: string): boolean {
  return (
    set.token.casual &&
    fkey.length >= MIN_GUESS_KEY &&
    fkey.length <= MAX_GUESS_KEY &&
    !set.some((c) => c.stage <= Stage.Loan && !c.facts.attestedOnly && c.weight >= USUAL_MATCH_WEIGHT)
  );
}

/** The words one edit of the fuzzy key away, a consonant put for another letter one edit step lighter. */
export function guessStage(set: CandidateSet, fkey: string): void {
  for (const [v, dear] of oneEditVariants(fkey)) {
    for (const r of set.lexicon.store.fuzzyAliases(v)) if (!set.has(r.word)) set.addFuzzy(r, Stage.Guess, dear ? FUZZY_EDIT_PENALTY : 0);
  }
}

/**
 * Every string one deletion, substitution or insertion of a FUZZY_LETTERS
 * letter from the fuzzy key `k`, each with whether the edit is a dear one: a
 * letter put for another unless both are vowels. A vowel typed for another
 * (tewari: तिवारी), a letter left out (shretha: श्रेष्ठ) or one too many are
 * the slips of casual typing; a consonant for another (tewari: tesari,
 * त्यसरी) is as often another word.
 */
function oneEditVariants(k: string): [string, boolean][] {
  const out = new Map<string, boolean>();
  const put = (v: string, dear: boolean): void => {
    if (v !== k && !(out.get(v) === false)) out.set(v, dear);
  };
  for (let i = 0; i < k.length; i++) {
    put(k.slice(0, i) + k.slice(i + 1), false);
    for (const c of FUZZY_LETTERS) put(k.slice(0, i) + c + k.slice(i + 1), !(VOWELS.has(c) && VOWELS.has(k[i]!)));
  }
  for (let i = 0; i <= k.length; i++) for (const c of FUZZY_LETTERS) put(k.slice(0, i) + c + k.slice(i), false);
  return [...out];
}
