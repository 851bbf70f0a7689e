// A text's spellcheck answer from the verdicts of its words: each distinct
// spelling once, in order of first occurrence, with all its occurrences.
// Spellchecker.checkText builds it from its own checks, and a caller that
// keeps verdicts of its own (the live channel's per-connection memo,
// dispatch/spellcheck-memo.ts) builds the same answer from them.

import type { MisspelledWord, Occurrence, SpellcheckTextResult, SpellcheckWordResult, SpellLevel, UnknownWord } from './results.js';
import { tokenizeForSpellcheck } from './tokenize.js';

/** The text's checked words (tokenize.ts), each with its occurrences, in order of first occurrence. */
export function wordOccurrences(text: string): Map<string, Occurrence[]> {
  const seen = new Map<string, Occurrence[]>();
  for (const t of tokenizeForSpellcheck(text)) {
    const list = seen.get(t.text);
    if (list) list.push({ start: t.start, end: t.end });
    else seen.set(t.text, [{ start: t.start, end: t.end }]);
  }
  return seen;
}

/**
 * The answer from each word's verdict at level standard; at level lenient a
 * `standard` misspelling is left out (Spellchecker.checkWord answers it
 * correct there). `verdict` may throw (a stopped job).
 */
export function textResult(words: Map<string, Occurrence[]>, verdict: (word: string) => SpellcheckWordResult, level: SpellLevel): SpellcheckTextResult {
  const misspelled: MisspelledWord[] = [];
  const unknown: UnknownWord[] = [];
  for (const [word, occurrences] of words) {
    const r = verdict(word);
    if (r.status === 'misspelled') {
      if (level === 'lenient' && r.category === 'standard') continue;
      const item = { word, status: 'misspelled', corrections: [...r.corrections!], occurrences } as MisspelledWord;
      if (r.rule) item.rule = r.rule;
      item.category = r.category!;
      misspelled.push(item);
    } else if (r.status === 'unknown') unknown.push({ word, status: 'unknown', occurrences });
  }
  return { misspelled, unknown };
}
