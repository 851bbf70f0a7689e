// Result shapes the spellchecker returns and the HTTP layer serializes. The field
// names are those of ../shared/spec/service-interface.md section 2; fields
// marked "extra" go beyond the spec and are documented in the OpenAPI
// document and the README. The TypeBox schemas in src/schemas/ describe the
// same shapes; test/schemas checks they agree.

/** An occurrence of a word in the checked text: UTF-16 code unit offsets, end exclusive. */
export interface Occurrence {
  start: number;
  end: number;
}

/**
 * What kind of misspelling a word is (extra): `standard` when what is wrong
 * is a spelling the Nepal Academy standard settles (an orthography rule
 * fired, or the word and its first correction differ only inside the
 * confusion classes: vowel length, nasals, halanta, sibling letters,
 * conjuncts: confusion.ts); `real-word` for a word of the lexicon whose far
 * commoner twin was meant (spell/twins.ts realWordError); `typo` for any other
 * edit.
 */
export type SpellCategory = 'typo' | 'real-word' | 'standard';

/**
 * How strict a check is: `standard` reports everything the Academy standard
 * settles; `lenient` only what is wrong under any common spelling (a
 * `standard` misspelling is then answered correct).
 */
export type SpellLevel = 'standard' | 'lenient';
export const SPELL_LEVELS: readonly SpellLevel[] = ['standard', 'lenient'];

/** 2.4 Spellcheck word result. */
export interface SpellcheckWordResult {
  status: 'correct' | 'misspelled' | 'unknown';
  /** Suggestions (at most 5, best first) when misspelled; null when correct or unknown. */
  corrections: string[] | null;
  /** extra: the orthography rule of the Nepal Academy standard that fired, when one did. */
  rule?: string;
  /** extra, when misspelled: what kind of misspelling. */
  category?: SpellCategory;
}

/** 2.3 misspelled[] item. */
export interface MisspelledWord {
  word: string;
  status: 'misspelled';
  corrections: string[];
  /** extra: where the word occurs in the text. */
  occurrences: Occurrence[];
  /** extra: the orthography rule that fired, when one did. */
  rule?: string;
  /** extra: what kind of misspelling (SpellCategory). */
  category: SpellCategory;
}

/** 2.3 unknown[] item. */
export interface UnknownWord {
  word: string;
  status: 'unknown';
  /** extra: where the word occurs in the text. */
  occurrences: Occurrence[];
}

/** 2.3 Spellcheck text result. Each distinct word appears once, in order of first occurrence. */
export interface SpellcheckTextResult {
  misspelled: MisspelledWord[];
  unknown: UnknownWord[];
}
