// Stage 3b, when no dictionary word matched: an English spelling of a
// loanword read the way Nepali writes the word (roman/english.ts: digital
// डिजिटल, report रिपोर्ट), alone or with a Nepali postposition joined
// (cancerko क्यान्सरको).

import { casualWeight } from '../aliases.js';
import { Stage, type CandidateSet } from '../candidates.js';
import { loanReadings } from '../english.js';
import { endingsFor, joinStem } from '../inflection.js';
import type { Lexicon } from '../lexicon.js';
import { reverseSpellings } from '../reverse.js';
import { fuzzyRomanKey, loanSkeleton, MIN_SKELETON_CONSONANTS } from '../keys.js';
import { CLOSED_CLASS } from '../ranking.js';
import { editDistance } from '../../lang/edit-distance.js';
import { FUZZY_EDIT_PENALTY, LOAN_PENALTY, SPLIT_PENALTY } from '../weights.js';

/**
 * Readings of an English spelling tried (roman/english.ts), and the store's
 * forms among the Devanagari spellings of each, likeliest first (a search
 * that follows only the readings some form begins with: reverse.ts
 * FormSearch). Taking the forms among the first 12 spellings instead gives
 * the same answers but for 12 fewer reference words of the eval's sentences
 * (bench/journal/2026-11-26.md#forms-search), at many times the search.
 */
const LOAN_READINGS = 6;
const LOAN_FORMS = 12;
export const LOAN_KINDS = ['english'];
/** English words longer than this are too rare to pay the readings' search for (internationalization has 20 letters). */
const MAX_LOAN_LENGTH = 20;

/** Letter groups of Nepali typing that English spelling does not use: such a token is no English loan. */
const TYPED_NEPALI = /aa|ii|uu|bh|dh|jh|kh|chh/;
/** The emphatic -ai and the -au of verbs (chittai छिट्टै, sangai सँगै, garau गरौँ): few English words end so. */
const NEPALI_ENDING = /a[iu]$/;

/** Shortest English stem read before a postposition (cancer+ko; not a two-letter stem). */
const MIN_LOAN_STEM = 3;
/** ... before an ending English words have too (-le, -ma, -ka, -ki: matrixma, not cyc+le). */
const MIN_LOAN_STEM_BEFORE_COMMON_ENDING = 4;
/** Nepali stems typed casually end so (bacca+le, jugnu+le); English ones seldom do. */
const NEPALI_STEM_END = /[au]$/;

export function loanStage(set: CandidateSet): void {
  const token = set.token.typed;
  if (TYPED_NEPALI.test(token) || token.length > MAX_LOAN_LENGTH) return;
  // An English word with a Nepali postposition (electronharu, cancerlai) is
  // read first as the loanword with the postposition joined: the English
  // readings of the whole would spell the postposition the English way
  // (cancerlai as क्यान्सरले). Endings that English words have too (-le,
  // -ma: table, cinema) are split only when the whole has no reading, and
  // only after a stem of four letters or more not in -a or -u.
  if (loanWithPostposition(set, true) || NEPALI_ENDING.test(token)) return;
  let found = false;
  forEachLoanWord(set.lexicon, tokenReadings(token), (dev, reading, weight) => {
    found = true;
    set.add(dev, reading, weight, LOAN_KINDS, Stage.Loan);
  });
  if (!found) loanWithPostposition(set, false);
}

/**
 * The loanword's Nepali spelling with the postposition joined, where the
 * loanword is a headword (postpositions attach to nouns) and the
 * spellchecker's morphology accepts the whole; `distinctive`: only the
 * endings no English word ends in (ko, lai, haru, bata, ...). Whether any was added.
 */
function loanWithPostposition(set: CandidateSet, distinctive: boolean): boolean {
  const { morph } = set.lexicon;
  const token = set.token.typed;
  let added = false;
  for (let p = MIN_LOAN_STEM; p < token.length; p++) {
    const suffix = token.slice(p);
    if (distinctive !== (suffix.length >= 3 || suffix === 'ko')) continue;
    // Before -le, -ma, -ka, -ki only a stem of four letters or more that
    // does not end in a or u, the way Nepali stems typed casually do
    // (matrixma, framema; not cyc+le, bacca+le, jugnu+le).
    if (!distinctive && (p < MIN_LOAN_STEM_BEFORE_COMMON_ENDING || NEPALI_STEM_END.test(token.slice(0, p)))) continue;
    const endings = endingsFor(suffix).filter((e) => e.type === 'post');
    if (endings.length === 0) continue;
    forEachLoanWord(set.lexicon, loanReadings(token.slice(0, p), LOAN_READINGS), (dev, _reading, weight) => {
      if (!set.lexicon.isHeadword(dev)) return;
      for (const e of endings) {
        const joined = joinStem(dev, e);
        if (joined === null) continue;
        if (set.lexicon.formFlags(joined) === undefined && !morph.analyse(joined)) continue;
        set.add(joined, token, Math.max(1, Math.min(weight, e.weight) - SPLIT_PENALTY), LOAN_KINDS, Stage.Loan, [dev]);
        added = true;
      }
    });
  }
  return added;
}

/**
 * What a loanword found by its consonant skeleton weighs: two casual steps
 * below a word typed exactly, less the loan penalty (a skeleton match is an
 * inference twice over: the reading and the vowels).
 */
const SKELETON_WEIGHT = casualWeight(2) - LOAN_PENALTY;
/** Edits (vowels, glides) between a reading and a word's nearest alias beyond which the word is another (cycle saikal: not स्कुल skul, three). */
const MAX_SKELETON_EDITS = 2;
/**
 * ... for a token of running text, where the word is converted in place
 * rather than offered: one edit between the reading and one of the word's
 * aliases as typed, not their fuzzy keys (battery's bateri, ब्याट्री's byatri;
 * fiber's fibar is two from पावर's pawar, one from फाइबर's faibar). With two
 * fuzzy edits, three in four of the words it converted in the eval's
 * sentences were not the reference's (stork सतर्क, virus वर्ष):
 * bench/journal/2026-11-26.md#skeleton-in-text.
 */
const MAX_SKELETON_EDITS_IN_TEXT = 1;
/** What a word typed alone loses when only its fuzzy keys come near the reading (less than an edit: it breaks ties). */
const SKELETON_LOOSE_STEP = 5;

/**
 * An English spelling whose readings (roman/english.ts) find no word of
 * the lists may still be a loanword the news list spells its own way, with
 * other vowels or a glide (facebook फेसबुक, battery ब्याट्री): the news list's
 * words that share a reading's consonant skeleton (keys.ts loanSkeleton;
 * WordStore.loanSkeleton, most frequent first, no inflected form: typed
 * as an English word, a loanword is its stem; cycle: not शाखाले). Run with
 * the guesses for a word typed alone that no dictionary word matched
 * exactly, and in running text for a token nothing matched at all
 * (analysis.ts), there only a word of a loanword's letters (hasLoanShape).
 * Only for a token some English-spelling rule reads (one the rules leave as
 * typed is no English spelling), not for one typed the Nepali way. The
 * build stores each word's aliases and their fuzzy keys beside it, so the
 * stage reads one record per reading and works out no aliases.
 */
export function loanSkeletonStage(set: CandidateSet, inText: boolean): void {
  const token = set.token.typed;
  if (TYPED_NEPALI.test(token) || token.length > MAX_LOAN_LENGTH || set.some((c) => c.stage === Stage.Loan)) return;
  for (const reading of tokenReadings(token)) {
    const key = loanSkeleton(reading);
    if (key.replace('_', '').length < MIN_SKELETON_CONSONANTS) continue;
    const fkey = inText ? '' : fuzzyRomanKey(reading);
    for (const { word: w, aliases, fuzzyKeys } of set.lexicon.store.loanSkeleton(key)) {
      // a loanword is no function word or postposition (battery: not भित्र)
      if (set.has(w) || CLOSED_CLASS.has(w)) continue;
      if (inText && !hasLoanShape(w, set.token.lower)) continue;
      // The vowels decide among the words of one skeleton, by the edits between the reading and the word's nearest alias.
      // In running text, as typed, one at most, a word a reading spells exactly first (cyber's saibar: साइबर before स्वर's sbar).
      const typed = nearest(reading, aliases);
      let weight: number;
      if (inText) {
        if (typed > MAX_SKELETON_EDITS_IN_TEXT) continue;
        weight = SKELETON_WEIGHT - FUZZY_EDIT_PENALTY * typed;
      } else {
        // Alone, as fuzzy keys, each edit past the first costing a fuzzy edit, and a word no alias of which
        // is within one edit as typed after one that is (fiber: फाइबर faibar, then पावर pawar).
        const fuzzy = nearest(fkey, fuzzyKeys);
        if (fuzzy > MAX_SKELETON_EDITS) continue;
        weight = SKELETON_WEIGHT - FUZZY_EDIT_PENALTY * Math.max(0, fuzzy - 1) - (typed > MAX_SKELETON_EDITS_IN_TEXT ? SKELETON_LOOSE_STEP : 0);
      }
      set.add(w, token, weight, LOAN_KINDS, Stage.Guess);
    }
  }
}

/**
 * Letters Nepali does not write English loanwords with: English t and d are
 * borrowed as the retroflex ट ड (ब्याट्री, डलर), never the dental त ध; and
 * no loan has ण ञ, the vocalic ऋ ृ, candrabindu, ौ, visarga, क्ष or ज्ञ. The
 * dental द only for an English th (मदर, mother).
 */
const NOT_IN_LOANS = /[तधणञऋृँौः]|क्ष|ज्ञ/;
const DENTAL_D = /द/;

/** Whether a word of the news list may be the Nepali spelling of an English loan the (lower-cased) token spells. */
function hasLoanShape(word: string, lower: string): boolean {
  return !NOT_IN_LOANS.test(word) && (!DENTAL_D.test(word) || lower.includes('th'));
}

/** The fewest edits between `s` and any of `keys` (Infinity when there are none). */
function nearest(s: string, keys: readonly string[]): number {
  let d = Infinity;
  for (const k of keys) d = Math.min(d, editDistance(s, k));
  return d;
}

/**
 * The token's English readings (loanReadings, the first LOAN_READINGS),
 * kept for the last token asked: the loanword stage and the skeleton stage
 * read the same token one after the other.
 */
function tokenReadings(token: string): string[] {
  if (lastReadings.token !== token) {
    lastReadings.token = token;
    lastReadings.readings = loanReadings(token, LOAN_READINGS);
  }
  return lastReadings.readings;
}
const lastReadings = { token: '', readings: [] as string[] };

/** The store's words the readings of an English spelling find (roman/english.ts), with the reading and the weight of each. */
function forEachLoanWord(lexicon: Lexicon, readings: readonly string[], visit: (dev: string, reading: string, weight: number) => void): void {
  const forms = { beginnings: lexicon.store.formBeginnings(), has: (w: string) => lexicon.hasForm(w) };
  for (const reading of readings) {
    for (const r of lexicon.store.aliases(reading)) {
      if (r.kinds.includes('casual')) visit(r.word, reading, Math.max(1, r.weight - LOAN_PENALTY));
    }
    for (const dev of reverseSpellings(reading, LOAN_FORMS, undefined, forms)) {
      const cost = lexicon.casualCost(dev, reading);
      if (cost !== Infinity) visit(dev, reading, Math.max(1, casualWeight(cost) - LOAN_PENALTY));
    }
  }
}
