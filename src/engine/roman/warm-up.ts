// What a thread resolves before its first request (Romanizer.warmUp): texts
// made from the store's own words that take every path of the resolver, so
// that the engine's code is compiled, with the types it will meet, before a
// real text arrives, and the caches hold the commonest words.
//
// A cold thread spends most of its first texts compiling: the optimizing
// compiler runs on the functions that have run often enough, and compiles
// them again whenever a path they had not run yet turns up. The texts here
// run each path many times: words typed the usual way (stored analyses),
// with a postposition or a verb ending (reverse spelling, split), with a
// vowel typed long (fuzzy, schwa), two words joined (compound), loanwords
// typed the English way, alone and inflected (loan), scientific spellings
// with diacritics, capitalized and all-capital words, letters that spell
// nothing (every stage, in vain), numbers and punctuation (the text-level
// rules), single words (guesses) and token lists.

import type { WordStore } from '../../store/word-store.js';
import { FUNCTION_WORDS } from '../lang/closed-class.js';
import { romanAliases } from './aliases.js';
import { renderScientific, syllabify } from './schemes.js';

/** Headwords taken per initial letter from the store's completions (ranked most useful first). */
const WORDS_PER_LETTER = 8;
/** Tokens of one warm-up text (a request's size is up to 1,000 words). */
const TEXT_TOKENS = 300;

/** The letters Nepali words start with: the consonants and the independent vowels. */
const INITIALS = [...'कखगघचछजझटठडढतथदधनपफबभमयरलवशषसहअआइईउऊएऐओऔ'];

/** Endings typed after a word (postpositions, plural, verb endings), cycled through. */
const ENDINGS = ['ko', 'ma', 'le', 'lai', 'haru', 'bata', 'sanga', 'ka', 'ki', 'cha', 'eko', 'nu'];

/**
 * Loanwords typed the English way, the examples of roman/english.ts's rules
 * (the loan stage reads them as Nepali writes them).
 */
const LOANWORDS = ['digital', 'report', 'file', 'online', 'computer', 'system', 'problem', 'police', 'email', 'design', 'upload', 'cancer', 'table', 'folder', 'package', 'season', 'music', 'phone', 'office', 'meeting'];

/** Sentence and clause marks put between the words, cycled through. */
const MARKS = ['', '', '', '', '', ',', '', '', '.', '', '', '?', '', '', '', '!', '', ' (', ')', ''];

export interface WarmUpWork {
  /** Texts to resolve (resolveText). */
  texts: string[];
  /** Words to resolve alone (resolveTokens of one token: the guesses). */
  alone: string[];
}

/** The warm-up texts, from the closed-class words and (`full`) the commonest headwords of the store. */
export function warmUpWork(store: WordStore, full = true): WarmUpWork {
  const devanagari = new Set<string>(FUNCTION_WORDS);
  if (full) for (const initial of INITIALS) for (const w of store.completions(initial).slice(0, WORDS_PER_LETTER)) devanagari.add(w);
  const tokens: string[] = [];
  const alone: string[] = [];
  let n = 0;
  let previous = 'ghar';
  for (const word of devanagari) {
    const aliases = romanAliases(word);
    const casual = aliases.find((a) => a.kinds.includes('casual'))?.alias;
    if (!casual) continue;
    n++;
    tokens.push(casual);
    // the same word inflected, typed with a long vowel, joined to the word before, capitalized
    tokens.push(casual + ENDINGS[n % ENDINGS.length]!);
    if (n % 2 === 0) tokens.push(casual.replace(/a/, 'aa').replace(/i/, 'ee'));
    if (n % 3 === 0) tokens.push(previous + casual);
    if (n % 5 === 0) tokens.push(casual[0]!.toUpperCase() + casual.slice(1));
    if (n % 7 === 0) {
      const syl = syllabify(word);
      if (syl) tokens.push(renderScientific(syl, 'iast'));
    }
    if (n % 11 === 0) tokens.push([...casual].reverse().join('') + 'q');
    if (n % 13 === 0) tokens.push(casual.toUpperCase(), String(n));
    if (n % 17 === 0) alone.push(casual.replace(/a/, 'e'));
    previous = casual;
  }
  for (const [i, loan] of LOANWORDS.entries()) tokens.push(loan, loan + ENDINGS[i % 4]!, 'mero', loan, 'ho');
  alone.push(...LOANWORDS.slice(0, 5));
  const texts: string[] = [];
  for (let i = 0; i < tokens.length; i += TEXT_TOKENS) {
    texts.push(tokens.slice(i, i + TEXT_TOKENS).map((t, k) => t + MARKS[(i + k) % MARKS.length]!).join(' '));
  }
  return { texts, alone };
}
