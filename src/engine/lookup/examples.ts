// Example sentences: the store's sentences that use a word or one of its
// inflected forms.

import { normalizeWord } from '../lang/normalize.js';
import { DEVANAGARI_WORDS } from '../lang/text.js';
import type { ExampleSentence } from '../../store/types.js';
import type { WordStore } from '../../store/word-store.js';

/** Sentences that use the word or one of its inflected forms, best first, with the forms that matched. */
export function findExamples(store: WordStore, query: string, limit: number): { word: string; forms: string[]; examples: ExampleSentence[] } {
  const word = normalizeWord(query.trim());
  const examples = store.examples(word).slice(0, limit);
  const forms = new Set<string>();
  for (const ex of examples) {
    for (const raw of ex.text.match(DEVANAGARI_WORDS) ?? []) {
      const w = normalizeWord(raw);
      if (w === word || store.form(w)?.analyses.some((a) => a.stem === word)) forms.add(w);
    }
  }
  return { word, forms: [...forms], examples };
}
