// Autocomplete: the headwords that begin with a prefix.

import { normalizeWord } from '../lang/normalize.js';
import { COMPLETIONS_PER_PREFIX, type WordStore } from '../../store/word-store.js';

/** Largest `limit` the suggest endpoint accepts: what the prefix index keeps. */
export const MAX_SUGGEST_LIMIT = COMPLETIONS_PER_PREFIX;

/**
 * Headwords that begin with the prefix: the exact match first, then the order
 * of the prefix index (src/build/records.ts): the words of the frequency word
 * list by their rank (WordStore.rank: काम, कारण, काठमाडौं before काख), then the
 * others, in more dictionaries first, then attested in real text, then
 * shorter, then alphabetical by code point. Only headwords: a frequent word
 * no dictionary has is never suggested.
 */
export function suggestWords(store: WordStore, prefix: string, limit: number): string[] {
  const p = normalizeWord(prefix.trim());
  if (!p) return [];
  const list = store.completions(p);
  const out: string[] = [];
  if (store.headword(p)) out.push(p);
  for (const w of list) {
    if (out.length >= limit) break;
    if (w !== p) out.push(w);
  }
  return out.slice(0, limit);
}
