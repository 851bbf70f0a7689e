// What a thread does before its first request (openEngines): it resolves
// and checks work made from the store's own words, so that the engines'
// code is compiled, with the types it will meet, before a real text
// arrives, and its caches hold the commonest words.
//
// A cold thread spends much of its first texts compiling: the optimizing
// compiler runs on the functions that have run often enough, and compiles
// them again whenever a path they had not run yet turns up. So the work
// here runs each path many times:
// - romanization: words typed the usual way (stored analyses), with a
//   postposition or a verb ending (reverse spelling, split), with a vowel
//   typed long (fuzzy, schwa), two words joined (compound), loanwords typed
//   the English way, alone and inflected (loan), scientific spellings with
//   diacritics, capitalized and all-capital words, letters that spell
//   nothing (every stage, in vain), a final i typed y and the glide typed
//   before e (reverse spelling), numbers and punctuation (the text-level
//   rules), the tokenizer's other tokens (an apostrophe inside a word,
//   addresses, typographic quotes, Devanagari), single words (guesses) and
//   token lists; the texts are flat strings, as a request's text arrives;
// - spellcheck: the store's example sentences of the function words with a
//   slip made in every third word and every ninth pair written together;
//   then the same text on a checker that reads no stored verdict, so that
//   every word takes the full check (rules, lexicon, morphology).
// Everything comes from the store or is written here: no text of the
// evaluation data.
//
// This lives with the thread, not in the engines: the build stamps its
// stored verdicts and analyses with a fingerprint of the engine code that
// computes them (engine/spell/fingerprint.ts), and what a thread does at
// start-up decides no answer, so tuning it must not throw them away.

import { CachePlan } from '../engine/lang/budget-cache.js';
import { FUNCTION_WORDS } from '../engine/lang/closed-class.js';
import { aksharaCount } from '../engine/lang/letters.js';
import { romanAliases } from '../engine/roman/aliases.js';
import { DEFAULT_MAX_CANDIDATES, MAX_MAX_CANDIDATES } from '../engine/roman/candidates.js';
import type { Romanizer } from '../engine/roman/romanizer.js';
import { renderScientific, syllabify } from '../engine/roman/schemes.js';
import { editVariants } from '../engine/spell/error-model.js';
import { Spellchecker } from '../engine/spell/spellchecker.js';
import { tokenizeForSpellcheck } from '../engine/spell/tokenize.js';
import type { WordStore } from '../store/word-store.js';

/** What the warm-up works on: the thread's store and engines. */
export interface WarmUpEngines {
  store: WordStore;
  spell: Spellchecker;
  roman: Romanizer;
}

/**
 * How much to warm: 'full' (worker threads, which answer every job) or
 * 'light' (the main thread, which answers only the small jobs kept inline:
 * the closed-class words once, about a tenth of the work).
 */
export type WarmUpExtent = 'full' | 'light';

/** Headwords taken per initial letter from the store's completions (ranked most useful first). */
const WORDS_PER_LETTER = 8;
/** Tokens of one warm-up text (a request's size is up to 1,000 words). */
const TEXT_TOKENS = 300;
/** Words of example sentences checked (the slips come on top). */
const SPELL_WORDS = 3000;
/** The budget of the caches of the checker made only to run every path once more (dropped after). */
const SCRATCH_CACHE_BYTES = 16 * 2 ** 20;

/** The letters Nepali words start with: the consonants and the independent vowels. */
const INITIALS = [...'कखगघचछजझटठडढतथदधनपफबभमयरलवशषसहअआइईउऊएऐओऔ'];

/** Endings typed after a word (postpositions, plural, verb endings), cycled through. */
const ENDINGS = ['ko', 'ma', 'le', 'lai', 'haru', 'bata', 'sanga', 'ka', 'ki', 'cha', 'eko', 'nu'];

/**
 * Loanwords typed the English way, the examples of roman/english.ts's rules
 * (the loan stage reads them as Nepali writes them).
 */
const LOANWORDS = [
  'digital',
  'report',
  'file',
  'online',
  'computer',
  'system',
  'problem',
  'police',
  'email',
  'design',
  'upload',
  'cancer',
  'table',
  'folder',
  'package',
  'season',
  'music',
  'phone',
  'office',
  'meeting',
];

/**
 * Tokens of the tokenizer's other paths (roman/tokenize.ts), once each: an
 * apostrophe inside a word, a number with separators, letters glued to
 * digits, addresses in brackets and quotes, typographic quotes and dashes,
 * Devanagari already.
 */
const TOKENIZER_CASES = [
  "don't",
  'ram’s',
  '1,000.5',
  '2nd',
  'covid19',
  '(www.example.com)',
  '<ram@example.com>,',
  'https://example.com/a?b=c.',
  '“mero”',
  '‘timro’',
  'ma—timi',
  'घर',
  'नेपालमा',
  '१२',
];

/** Sentence and clause marks put between the words, cycled through. */
const MARKS = ['', '', '', '', '', ',', '', '', '.', '', '', '?', '', '', '', '!', '', ' (', ')', ''];

/** Warms the thread's engines; health counts the service's own checks from zero afterwards. */
export function warmUpThread(engines: WarmUpEngines, extent: WarmUpExtent): void {
  const full = extent === 'full';
  const { texts, alone } = romanWarmUpWork(engines.store, full);
  const { roman } = engines;
  for (const text of texts) roman.json(roman.resolveText(text, MAX_MAX_CANDIDATES));
  // (Not again on engines with empty caches: that leaves each process 19-27
  // MiB larger for good, and new texts are no faster:
  // bench/journal/2026-11-26.md#warm-up.)
  for (const text of texts.slice(0, 2)) roman.json(roman.resolveText(text, DEFAULT_MAX_CANDIDATES));
  for (const word of alone) roman.json(roman.resolveTokens([word], MAX_MAX_CANDIDATES));
  if (texts[0]) roman.json(roman.resolveTokens(texts[0].split(' ').slice(0, 40)));

  const text = spellWarmUpText(engines.store);
  engines.spell.checkText(text);
  // Then on a checker that reads no stored verdict: every word takes the full check, the path of the words no list has.
  if (full) new Spellchecker(engines.store, { caches: new CachePlan(SCRATCH_CACHE_BYTES), storedVerdicts: false }).checkText(text);
  // The warm-up's look-ups are not the service's.
  engines.spell.resetCacheStats();
}

/** Texts to resolve (resolveText) and words to resolve alone (resolveTokens of one token: the guesses). */
export interface RomanWarmUpWork {
  texts: string[];
  alone: string[];
}

/** The romanization warm-up: texts of the closed-class words and (`full`) the commonest headwords of the store. */
export function romanWarmUpWork(store: WordStore, full = true): RomanWarmUpWork {
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
    // a final i typed y, as romanized names write it (adhikary); the y glide typed before e (bhayeko)
    if (n % 19 === 0 && casual.endsWith('i')) tokens.push(casual.slice(0, -1) + 'y');
    if (n % 23 === 0) tokens.push(casual.replace(/([aiou])e/, '$1ye'));
    previous = casual;
  }
  for (const [i, loan] of LOANWORDS.entries()) tokens.push(loan, loan + ENDINGS[i % 4]!, 'mero', loan, 'ho');
  tokens.push(...TOKENIZER_CASES);
  alone.push(...LOANWORDS.slice(0, 5));
  const texts: string[] = [];
  for (let i = 0; i < tokens.length; i += TEXT_TOKENS) {
    const text = tokens
      .slice(i, i + TEXT_TOKENS)
      .map((t, k) => t + MARKS[(i + k) % MARKS.length]!)
      .join(' ');
    // A flat string, as a request's text arrives (a joined one is a rope the scanner would be compiled for).
    texts.push(JSON.parse(JSON.stringify(text)) as string);
  }
  return { texts, alone };
}

/**
 * The spellcheck warm-up: the store's example sentences of the function
 * words (up to `words` words), then slips made in every third word of
 * two aksharas or more and every ninth pair written together.
 */
export function spellWarmUpText(store: WordStore, words = SPELL_WORDS): string {
  const sentences: string[] = [];
  const seen = new Set<string>();
  let n = 0;
  for (const f of FUNCTION_WORDS) {
    for (const s of store.examples(f)) {
      if (n >= words) break;
      if (seen.has(s.text)) continue;
      seen.add(s.text);
      sentences.push(s.text);
      n += s.text.split(' ').length;
    }
  }
  const text = sentences.join('\n');
  const types = [...new Set(tokenizeForSpellcheck(text).map((t) => t.text))].filter((w) => aksharaCount(w) >= 2);
  const slips: string[] = [];
  for (let i = 0; i < types.length; i += 3) {
    const variants = editVariants(types[i]!);
    if (variants.length > 0) slips.push(variants[(i * 7) % variants.length]!);
    if (i % 9 === 0 && i + 1 < types.length) slips.push(types[i]! + types[i + 1]!);
  }
  return text + '\n' + slips.join(' ');
}
