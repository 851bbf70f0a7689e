// Roman aliases of a Devanagari word, with their kinds and weights.
//
// The data pipeline (src/build/records.ts) calls romanAliases for every
// headword and every attested lexicon form, and stores each alias under
// the two keys of keys.ts, romanKey(alias) (exact look-up) and
// fuzzyRomanKey(alias) (the fuzzy layer). The romanizer applies the same
// two functions to what the user typed, so build and service always agree.
//
// Schemes (an alias's `kinds`): iast, iso15919, harvard-kyoto, itrans (the
// scientific schemes, schemes.ts) and casual (how people type,
// casual.ts). When several schemes produce the same string it is one
// alias with all their names.
//
// Weight (an integer; higher = a typist is likelier to write this spelling
// for this word). It is derived, never set per word:
//   casual:        100 - 15 x cost, where cost is the number and kind of
//                  casual simplifications in the spelling (casual.ts):
//                  cost 0 -> 100, 1 -> 85, 2 -> 70.
//   iast, iso15919: 60   (people rarely type diacritics; when they do, the
//                          spelling is unambiguous)
//   itrans:         55
//   harvard-kyoto:  50   (its capitals are usually lost in typing)
// An alias produced by several schemes takes the highest of their weights.
// Fuzzy matches are weighted lower again by the romanizer (weights.ts).

import { casualSpellings } from './casual.js';
import { renderScientific, SCIENTIFIC_SCHEMES, syllabify, type ScientificScheme } from './schemes.js';
import { normalizeWord } from '../lang/normalize.js';
import { romanKey } from './keys.js';

export interface GeneratedAlias {
  alias: string;
  kinds: string[];
  weight: number;
}

export const CASUAL_BASE_WEIGHT = 100;
export const CASUAL_COST_STEP = 15;
export const SCHEME_WEIGHTS: Record<ScientificScheme, number> = {
  iast: 60,
  iso15919: 60,
  itrans: 55,
  'harvard-kyoto': 50,
};

/** Weight of a casual spelling of the given cost. */
export function casualWeight(cost: number): number {
  return Math.max(1, CASUAL_BASE_WEIGHT - CASUAL_COST_STEP * cost);
}

/**
 * The roman aliases of a Devanagari word, best first: at most 8 casual
 * spellings plus one per scientific scheme (usually fewer: the schemes often
 * agree with each other or with a casual spelling). Empty when the word holds
 * anything but Devanagari letters and signs.
 */
export function romanAliases(word: string): GeneratedAlias[] {
  const normalized = normalizeWord(word);
  const syl = syllabify(normalized);
  if (!syl) return [];
  const byKey = new Map<string, GeneratedAlias>();
  const add = (alias: string, kind: string, weight: number): void => {
    const key = romanKey(alias);
    if (!key) return;
    const a = byKey.get(key);
    if (!a) byKey.set(key, { alias, kinds: [kind], weight });
    else {
      if (!a.kinds.includes(kind)) a.kinds.push(kind);
      if (weight > a.weight) a.weight = weight;
    }
  };
  for (const { s, c } of casualSpellings(syl)) add(s, 'casual', casualWeight(c));
  const abbreviation = TEXTING_ABBREVIATIONS.get(normalized);
  if (abbreviation) add(abbreviation, 'casual', casualWeight(TEXTING_ABBREVIATION_COST));
  for (const scheme of SCIENTIFIC_SCHEMES) add(renderScientific(syl, scheme), scheme, SCHEME_WEIGHTS[scheme]);
  return [...byKey.values()].sort((a, b) => b.weight - a.weight);
}

/**
 * Abbreviations of Nepali texting that no spelling rule makes (k for के):
 * a word cut to letters the casual scheme would not drop, stored as one
 * more casual alias of the word at the weight of a cost-2 spelling.
 */
const TEXTING_ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ['के', 'k'],
  ['हजुर', 'hjr'],
]);
const TEXTING_ABBREVIATION_COST = 2;
