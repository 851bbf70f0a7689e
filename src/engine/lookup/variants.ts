// Spelling variants of a headword (include_variants=true): the headwords
// that differ from it only in the confusions the API groups.

import type { DictionaryEntryResult } from './results.js';
import { formatEntry } from './entry.js';
import { normalizeWord } from '../lang/normalize.js';
import type { WordStore } from '../../store/word-store.js';

// The confusions the API groups: ि/ी, ु/ू, ं/ँ, श/ष/स, ब/व, halanta.
// Each class folds its letters to one; two headwords are variants when they
// are equal after folding every class.
const VARIANT_CLASSES: { name: string; fold: [RegExp, string] }[] = [
  { name: 'ि/ी', fold: [/[ीई]/g, 'ि'] },
  { name: 'ु/ू', fold: [/[ूऊ]/g, 'ु'] },
  { name: 'ं/ँ', fold: [/ँ/g, 'ं'] },
  { name: 'श/ष/स', fold: [/[शष]/g, 'स'] },
  { name: 'ब/व', fold: [/व/g, 'ब'] },
  { name: '्', fold: [/्/g, ''] },
];
// Short independent vowels fold with their signs' class too.
const PRE_FOLD: [RegExp, string][] = [
  [/इ/g, 'ि'],
  [/उ/g, 'ु'],
];

function foldVariants(word: string, skip?: string): string {
  let w = word;
  for (const [re, to] of PRE_FOLD) w = w.replace(re, to);
  for (const c of VARIANT_CLASSES) if (c.name !== skip) w = w.replace(c.fold[0], c.fold[1]);
  return w;
}

/** The confusion classes in which two variant spellings differ. */
export function variantDifferences(a: string, b: string): string[] {
  return VARIANT_CLASSES.filter((c) => foldVariants(a, c.name) !== foldVariants(b, c.name)).map((c) => c.name);
}

export function lookupVariants(
  store: WordStore,
  query: string,
  confusionKey: (w: string) => string,
): { word: string; entry: DictionaryEntryResult | null; variants: { word: string; differences: string[]; entry: DictionaryEntryResult }[] } {
  const word = normalizeWord(query.trim());
  const key = foldVariants(word);
  const variants: { word: string; differences: string[]; entry: DictionaryEntryResult }[] = [];
  // The confusion index folds a superset of these classes, so it holds every
  // variant; keep the headwords that are equal under the variant folds only.
  for (const cand of store.formsByConfusionKey(confusionKey(word))) {
    if (cand === word || foldVariants(cand) !== key) continue;
    if (!store.headword(cand)) continue;
    const entry = formatEntry(store, cand);
    if (entry) variants.push({ word: cand, differences: variantDifferences(word, cand), entry });
  }
  return { word, entry: formatEntry(store, word), variants };
}
