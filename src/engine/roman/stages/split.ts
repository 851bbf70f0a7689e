// Stage 3: the token as a stem plus a postposition or a verb ending
// (roman/inflection.ts): gharma घरमा, garchu गर्छु, pakaiyo पकाइयो. And stage
// 4b: a word only real text has plus a postposition chain (hawahurima
// हावाहुरीमा), the last pass when nothing matched exactly.

import type { AliasRecord } from '../../../store/types.js';
import { FORM_ATTESTED, FORM_LEXICON } from '../../../store/types.js';
import type { Lexicon } from '../lexicon.js';
import { aksharaCount } from '../../lang/letters.js';
import { casualWeight } from '../aliases.js';
import { Stage, type CandidateSet } from '../candidates.js';
import { endingsFor, joinStem, MAX_ENDING_LENGTH, type Ending } from '../inflection.js';
import { SPLIT_PENALTY, UNVERIFIED_SPLIT_PENALTY } from '../weights.js';

/** An ending that starts with a vowel sign, a vowel letter or य (the ones before which an -आउ stem loses its उ). */
const VOWEL_INITIAL_ENDING = /^[\u093E-\u094C\u0905-\u0914य]/;

/** Shortest roman stem tried. */
const MIN_STEM = 2;
/** Stem records considered per look-up (they come best first). */
const STEM_RECORDS = 8;

/**
 * A news-list stem of fewer aksharas is not split off (the list holds
 * fragments such as फि and होः: file would read फिले).
 */
const MIN_NEWS_STEM_AKSHARAS = 2;
/**
 * ... nor one typed unlike its usual spellings (a casual spelling with more
 * than one simplification, or a scientific scheme): a join ranks before
 * the fuzzy matches, so a far-fetched stem (ward: वर्ड) would push out a
 * close fuzzy match (wardma: वार्डमा).
 */
const MIN_NEWS_STEM_WEIGHT = casualWeight(1);

/**
 * Stem + ending readings of the token: a dictionary stem with a
 * postposition chain or a verb ending, joined only where the word is listed
 * or the spellchecker's grammar reads it (tryJoin).
 */
export function splitStage(set: CandidateSet): void {
  splitToken(set, false);
}

/**
 * The last pass when nothing matched exactly: a word only real text has
 * (a name, a place, a loanword, a noun the dictionaries lack) with a
 * postposition chain (हावाहुरीमा, फोटोग्राफीले), in the standard's spelling
 * of the ending (-हरू, not -हरु: the spellchecker, which calls such a form
 * "unknown", cannot tell), backed by the news list like the word itself.
 */
export function newsSplitStage(set: CandidateSet): void {
  splitToken(set, true);
}

function splitToken(set: CandidateSet, newsStems: boolean): void {
  const { store } = set.lexicon;
  const token = set.token.typed;
  const n = token.length;
  for (let p = Math.max(MIN_STEM, n - MAX_ENDING_LENGTH); p <= n - 1; p++) {
    const endings = endingsFor(token.slice(p));
    // (The news stems take only a postposition chain in the standard's spelling: no other ending is worth the stem's read.)
    if (newsStems ? !endings.some(isNewsEnding) : endings.length === 0) continue;
    const stem = token.slice(0, p);
    const stemRecs = store.aliases(stem).slice(0, STEM_RECORDS);
    let infinitives: AliasRecord[] | null = null;
    let auInfinitives: AliasRecord[] | null = null;
    for (const e of endings) {
      if (newsStems) {
        if (!isNewsEnding(e)) continue;
        for (const r of stemRecs) {
          if (r.weight >= MIN_NEWS_STEM_WEIGHT && isAttestedOnly(set.lexicon, r.word) && aksharaCount(r.word) >= MIN_NEWS_STEM_AKSHARAS)
            tryJoin(set, r.word, r, e, false, true);
        }
        continue;
      }
      for (const r of stemRecs) tryJoin(set, r.word, r, e);
      if (e.type === 'verb') {
        // The verb's dictionary form is the infinitive: garchu -> garnu -> गर्नु -> गर्.
        infinitives ??= store.aliases(stem + 'nu').slice(0, STEM_RECORDS);
        for (const r of infinitives) if (r.word.endsWith('नु')) tryJoin(set, r.word.slice(0, -2), r, e, true);
        // An -आउनु verb loses its उ before an ending that starts with a
        // vowel (पकाउनु: पकाइयो, पकायो, पकाएको), so its stem is typed
        // without the u: pakaiyo -> paka + unu -> पकाउनु -> पका.
        if (VOWEL_INITIAL_ENDING.test(e.dev)) {
          auInfinitives ??= store.aliases(stem + 'unu').slice(0, STEM_RECORDS);
          for (const r of auInfinitives) if (r.word.endsWith('ाउनु')) tryJoin(set, r.word.slice(0, -3), r, e, true);
        }
      }
    }
  }
}

/** An ending the news stems take (newsSplitStage): a postposition chain in the standard's spelling. */
function isNewsEnding(e: Ending): boolean {
  return e.type === 'post' && e.standard;
}

function tryJoin(set: CandidateSet, stemDev: string, stemRec: AliasRecord, ending: Ending, fromInfinitive = false, newsStem = false): void {
  const { morph } = set.lexicon;
  const joined = joinStem(stemDev, ending);
  if (!joined) return;
  const known = isLexiconForm(set.lexicon, joined);
  let weight = Math.min(stemRec.weight, ending.weight) - SPLIT_PENALTY;
  if (!known) {
    // Not listed: a postposition after a headword (they attach to any noun)
    // or after a form the dictionaries make (an infinitive or participle:
    // बुझ्नलाई, बुझ्नको), or a verb ending after the stem of an infinitive
    // the dictionaries have. Either way the word must be one the
    // spellchecker's morphology accepts, so the romanizer never offers what
    // the spellchecker would flag. A postposition after a word only real
    // text has (newsStem: the last pass) is backed by the news list like
    // the word itself.
    const plausible = ending.type === 'post' ? newsStem || set.lexicon.isHeadword(stemDev) || isLexiconForm(set.lexicon, stemDev) : fromInfinitive;
    if (!plausible || (!newsStem && !morph.analyse(joined))) return;
    weight -= UNVERIFIED_SPLIT_PENALTY;
  }
  set.add(joined, set.token.typed, Math.max(1, weight), stemRec.kinds, Stage.Split, [stemRec.word]);
}

/** A dictionary makes the word (a headword or one of its forms). */
function isLexiconForm(lexicon: Lexicon, word: string): boolean {
  return ((lexicon.formFlags(word) ?? 0) & FORM_LEXICON) !== 0;
}

/** Attested only: the news word list has the word and no dictionary does. */
function isAttestedOnly(lexicon: Lexicon, word: string): boolean {
  const flags = lexicon.formFlags(word) ?? 0;
  return (flags & FORM_ATTESTED) !== 0 && (flags & FORM_LEXICON) === 0;
}
