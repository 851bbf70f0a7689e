// English meanings: what an entry shows of them, and the search by meaning
// (an English word or phrase -> the Nepali words that mean it).
//
// The build (src/build/records.ts) stores each word's meanings per source
// (EnglishRecord) and an index from englishKey(meaning) to the Nepali words,
// ranked as searchEnglish answers them; this module only reads them.

import type { EnglishRecord } from '../../store/types.js';
import type { WordStore } from '../../store/word-store.js';
import type { EnglishMatch, LemmaMeanings } from './results.js';

/** The most results a meaning search answers (and the most the build keeps under one key). */
export const MAX_ENGLISH_RESULTS = 50;

const WORD = /[a-z0-9]+(?:'[a-z]+)?/g;
/** Words a meaning starts with that say nothing of it: "to eat", "a house", "the sun". */
const LEADING = new Set(['to', 'a', 'an', 'the']);
/** Words of a meaning that are not indexed alone: a search for "of" means nothing. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'to',
  'of',
  'in',
  'on',
  'at',
  'for',
  'by',
  'with',
  'and',
  'or',
  'from',
  'as',
  'is',
  'be',
  'it',
  'its',
  "it's",
  'that',
  'this',
  'one',
  'some',
  'any',
  'kind',
  'name',
  'place',
  'etc',
]);

/** The words of an English text, lower-cased, apostrophes typographic or not ("today's" is one word). */
export function englishWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[\u2018\u2019]/g, "'")
      .match(WORD) ?? []
  );
}

/**
 * The key a meaning is indexed under and a query looked up by: its words,
 * lower-cased, without a parenthesised note and without a leading "to", "a",
 * "an" or "the" ("To eat" and "eat (food)" -> "eat"). Empty when nothing is
 * left.
 */
export function englishKey(text: string): string {
  const words = englishWords(text.replace(/\([^)]*\)/g, ' '));
  while (words.length > 1 && LEADING.has(words[0]!)) words.shift();
  return words.join(' ');
}

/** The single words of a meaning of several words that a search for one word finds it by ("water pot": water, pot). */
export function englishKeyWords(key: string): string[] {
  const words = key.split(' ');
  return words.length < 2 ? [] : [...new Set(words.filter((w) => !STOP_WORDS.has(w) && w.length > 1))];
}

/** The keys to try for a query, the query's own first: a plural of one word falls back to its singular (houses -> house, cities -> city). */
function queryKeys(q: string): string[] {
  const key = englishKey(q);
  if (!key) return [];
  const keys = [key];
  if (!key.includes(' ') && key.length > 3 && key.endsWith('s') && !key.endsWith('ss')) {
    if (key.endsWith('ies')) keys.push(key.slice(0, -3) + 'y');
    if (/(?:ch|sh|x|s|z)es$/.test(key)) keys.push(key.slice(0, -2));
    keys.push(key.slice(0, -1));
  }
  return keys;
}

/** A word's English meanings as one list: every source's, curated sources first, each meaning once (by englishKey: "the god" repeats "god"). */
export function mergedMeanings(record: EnglishRecord | undefined): string[] {
  if (!record) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of record.sources) {
    for (const m of s.meanings) {
      const k = englishKey(m);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(m);
    }
  }
  return out;
}

/** The headwords a word is an inflected form of, as the build found them (EnglishRecord.lemmas), each with its meanings. */
export function lemmaMeanings(store: WordStore, record: EnglishRecord | undefined): LemmaMeanings[] {
  return (record?.lemmas ?? []).map((word) => ({ word, english: mergedMeanings(store.english(word)) }));
}

/**
 * The Nepali words whose English meanings match the query, best first (the
 * order the build ranked them in: src/build/records.ts), at most `limit`,
 * each with its meanings. Empty when nothing matches.
 */
export function searchEnglish(store: WordStore, query: string, limit: number): { query: string; results: EnglishMatch[] } {
  const key = englishKey(query);
  let words: readonly string[] = [];
  for (const k of queryKeys(query)) {
    words = store.englishWords(k);
    if (words.length > 0) break;
  }
  const results = words.slice(0, Math.min(limit, MAX_ENGLISH_RESULTS)).map((word) => ({ word, english: mergedMeanings(store.english(word)) }));
  return { query: key, results };
}
