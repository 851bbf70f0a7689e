// Example sentences: the store's sentences that use a word or one of its
// inflected forms.

import { normalizeWord } from '../lang/normalize.js';
import { DEVANAGARI_WORDS } from '../lang/text.js';
import { lemmasOf } from './lemmas.js';
import type { ExampleSentence } from '../../store/types.js';
import type { WordStore } from '../../store/word-store.js';

/** Sentences that use the word or one of its inflected forms, best first, with the forms that matched. */
export function findExamples(store: WordStore, query: string, limit: number): { word: string; forms: string[]; examples: ExampleSentence[] } {
  const word = normalizeWord(query.trim());
  const examples = store.exampleSentences(word).slice(0, limit);
  const isHeadword = (w: string): boolean => store.headword(w) !== undefined;
  const forms = new Set<string>();
  for (const ex of examples) {
    for (const raw of ex.text.match(DEVANAGARI_WORDS) ?? []) {
      const w = normalizeWord(raw);
      if (forms.has(w)) continue;
      const form = w === word ? undefined : store.form(w);
      // As the build indexed the sentence (src/build/records.ts): by the word, its analyses' stems and its headwords.
      if (w === word || form?.analyses.some((a) => a.stem === word) || lemmasOf(w, form, isHeadword).includes(word)) forms.add(w);
    }
  }
  return { word, forms: [...forms], examples };
}
