// Stage 5: the token's fuzzy key (roman/keys.ts fuzzyRomanKey), which
// forgets vowel length, aspiration, sibilants, nasals, w/v/b, doubled
// letters and a y glide. And stage 6, when no dictionary word matched: the
// fuzzy key with the schwa a typist wrote or left out.

import { Stage, type CandidateSet } from '../candidates.js';

/** Fuzzy-index records scored by the casual scheme (the store lists them best first); the rest keep the fuzzy weight. */
const FUZZY_SCORED = 12;

export function fuzzyStage(set: CandidateSet, fkey: string): void {
  let scored = 0;
  for (const r of set.lexicon.store.fuzzyAliases(fkey)) {
    if (set.has(r.word)) continue;
    if (scored++ < FUZZY_SCORED) set.addScored(r.word, r, Stage.Fuzzy);
    else set.addFuzzy(r, Stage.Fuzzy);
  }
}

export function schwaStage(set: CandidateSet, fkey: string): void {
  for (const v of schwaVariants(fkey)) for (const r of set.lexicon.store.fuzzyAliases(v)) if (!set.has(r.word)) set.addScored(r.word, r, Stage.Variant);
}

export const VOWELS: ReadonlySet<string> = new Set(['a', 'e', 'i', 'o', 'u']);

/** The fuzzy key with one a inserted between two consonants or one a between consonants removed. */
function schwaVariants(fkey: string): string[] {
  const out = new Set<string>();
  for (let i = 1; i < fkey.length; i++) {
    const a = fkey[i - 1]!;
    const b = fkey[i]!;
    if (!VOWELS.has(a) && !VOWELS.has(b) && a !== 'y' && b !== 'h') out.add(fkey.slice(0, i) + 'a' + fkey.slice(i));
  }
  for (let i = 1; i < fkey.length - 1; i++) {
    if (fkey[i] === 'a' && !VOWELS.has(fkey[i - 1]!) && !VOWELS.has(fkey[i + 1]!)) out.add(fkey.slice(0, i) + fkey.slice(i + 1));
  }
  if (fkey.endsWith('a') && fkey.length > 3) out.add(fkey.slice(0, -1));
  else if (!VOWELS.has(fkey[fkey.length - 1]!)) out.add(fkey + 'a');
  out.delete(fkey);
  return [...out];
}
