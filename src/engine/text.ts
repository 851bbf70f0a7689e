// Character classes both tokenizers (spellcheck and romanization) share, and
// the word matching in example sentences both engines use.

/** ASCII whitespace, NBSP, the Unicode space separators, line/paragraph separators, ideographic space. */
export function isSpace(c: number): boolean {
  return (
    c === 0x20 ||
    (c >= 0x09 && c <= 0x0d) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/**
 * A run of Devanagari letters and signs (with ZWJ/ZWNJ): a word of a sentence
 * for indexing and matching example sentences. Global: use with String.match.
 */
export const DEVANAGARI_WORDS = /[\u0900-\u0963\u0971-\u097F\u200C\u200D]+/g;

const IN_WORD = /[\u0900-\u0963\u0971-\u097F]/;

/**
 * Definitions of the thesaurus that must use a word no list has for the
 * spellchecker to accept it (spellcheck.ts definitionsUse; the build
 * indexes such words for corrections, src/build/records.ts).
 */
export const DEFINITION_USES = 3;

/** How many of the sentences use the word itself as a word (not only a longer word containing it, or a form of it). */
export function sentencesUsing(sentences: readonly { text: string }[], word: string): number {
  let n = 0;
  for (const { text: t } of sentences) {
    for (let i = t.indexOf(word); i >= 0; i = t.indexOf(word, i + 1)) {
      const before = i > 0 ? t[i - 1]! : ' ';
      const after = i + word.length < t.length ? t[i + word.length]! : ' ';
      if (!IN_WORD.test(before) && !IN_WORD.test(after)) {
        n++;
        break;
      }
    }
  }
  return n;
}
