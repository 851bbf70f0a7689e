// Importers of the English meanings of Nepali words, from two open sources,
// each cleaned of the noise its PROVENANCE.md lists:
//
// (a) foss-np-glossary (data/foss-np-glossary, The Unlicense): the
//     English-Nepali glossaries of Nepal's free-software localisers. Curated:
//     served first. Lines are `english; [pronunciation] pos(नेपाली, ...), ...`
//     (en2ne/, inverted here: each Nepali word gets the English headwords
//     that list it) and `नेपाली; [roman] pos(english, ...)` (ne2en/).
//     Noise: zero-width characters inside words (normalizeWord removes them),
//     `!word` antonyms, `<context>` notes, `~word` cross references, `#tags`
//     and `sci{...}`-style annotations, all dropped. The bracket of en2ne is
//     how Nepali speakers say the English word, not a Nepali meaning of it,
//     except in import.tsl, the list of English words Nepali has borrowed,
//     where it is the loanword's own spelling (`bank; [बैंक]`).
// (b) pavlick-ne-en (data/pavlick-ne-en-dictionary, CC BY 3.0): English
//     glosses typed by crowd workers, one Nepali word a line, tab-separated.
//     Noisy: served after the curated source, and a gloss is dropped when
//       - it has no English word at all (the word romanized, `खेलेको
//         keleko`; a misspelling with no twin; a stray symbol), the English
//         words being those of an English word list (Debian's wamerican),
//         whose capitalized names are capitalized in the meanings too;
//       - it is an English word that is also how the Nepali word is
//         romanized (`मन man`) and the line gives other meanings, unless
//         the curated source gives it too (alone it is the English source
//         of a loanword or a name: `फोटो photo`, `नेपाल Nepal`);
//       - one of its words is a misspelling of an English word of another
//         gloss on the same line (`villege` beside `village`);
//     and a line whose Nepali side is not a Devanagari word (`$`, `|दल`) is
//     skipped. The rest keep the line's order, except that glosses sharing
//     words with others of the line (the crowd's agreement) come first.
//
// Only single Devanagari words are kept as keys (a phrase is no headword or
// form a look-up could reach).

import { hasDevanagariLetter } from '../engine/lang/letters.js';
import { normalizeWord } from '../engine/lang/normalize.js';
import { editDistance } from '../engine/lang/edit-distance.js';
import { englishKey, englishWords } from '../engine/lookup/english.js';
import { romanAliases } from '../engine/roman/aliases.js';
import { fuzzyRomanKey } from '../engine/roman/keys.js';

/** The English dictionaries' ids, curated first (the order their meanings are served in). */
export const GLOSSARY_DICT = 'foss-np-glossary';
export const CROWD_DICT = 'pavlick-ne-en';

/** Meanings a source gives one word, at most (the crowd's long lines are mostly variants of a few). */
export const MAX_MEANINGS_PER_SOURCE = 8;

/** A Nepali word (normalized) -> its English meanings, best first. */
export type MeaningMap = Map<string, string[]>;

/** A Devanagari word and nothing else (after normalizeWord): letters and signs of the block, no space, digit or punctuation. */
const DEVANAGARI_WORD = /^[\u0900-\u0963\u0971-\u097F]+$/;

/** A danda closing the word, typed as | or । (`गरियो|`). */
const CLOSING_DANDA = /[|।॥]+$/;

function nepaliWord(raw: string): string | null {
  const w = normalizeWord(raw.trim().replace(CLOSING_DANDA, ''));
  return DEVANAGARI_WORD.test(w) && hasDevanagariLetter(w) ? w : null;
}

// ---------------------------------------------------------------------------
// The glossary

export interface GlossaryLine {
  head: string;
  /** The bracketed text after the head, or null. */
  bracket: string | null;
  /** The listed items, each group's in order (annotations, antonyms, notes and cross references removed). */
  items: string[];
}

/** Splits at commas outside (), {}, [] and <>. */
function splitTopLevel(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '(' || c === '{' || c === '[' || c === '<') depth++;
    else if ((c === ')' || c === '}' || c === ']' || c === '>') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  out.push(s.slice(start));
  return out.map((x) => x.trim()).filter(Boolean);
}

const TAGS = /(?:^|\s)#[^\s]*/g;
/** `~home`: a cross reference to another head; `!present`: an antonym. Neither is a meaning. */
const CROSS_REFERENCE = /(?:^|\s)~[^\s,()]+/g;
const ANTONYM = /!\S+?(?=[,)\s]|$)/g;
const ANNOTATION = /^[A-Za-z]+\{[^}]*\}$/;
const GROUP = /^[A-Za-z]+\((.*)\)$/s;
const CONTEXT_NOTE = /<[^>]*>/g;

/** `[विन्ड]` inside a group: how the English head is said, not a meaning. */
const SAID = /\[[^\]]*\]/g;

function cleanItem(item: string): string {
  return item.replace(CONTEXT_NOTE, ' ').replace(SAID, ' ').replace(/\s+/g, ' ').trim();
}

/** One line of a glossary file, or null for a blank or head-only line. */
export function parseGlossaryLine(line: string): GlossaryLine | null {
  const semi = line.indexOf(';');
  if (semi <= 0) return null;
  const head = line.slice(0, semi).trim();
  let rest = line
    .slice(semi + 1)
    .replace(TAGS, ' ')
    .replace(CROSS_REFERENCE, ' ')
    .replace(ANTONYM, '')
    .trim();
  let bracket: string | null = null;
  const b = /^\[([^\]]*)\]/.exec(rest);
  if (b) {
    bracket = b[1]!.trim();
    rest = rest.slice(b[0].length).trim();
  }
  const items: string[] = [];
  for (const segment of splitTopLevel(rest)) {
    if (ANNOTATION.test(segment)) continue;
    const g = GROUP.exec(segment);
    for (const item of g ? splitTopLevel(g[1]!) : [segment]) {
      const clean = cleanItem(item);
      if (clean) items.push(clean);
    }
  }
  return head ? { head, bracket, items } : null;
}

/** A glossary file: its name decides the direction (en2ne/ or ne2en/) and whether its bracket is a loanword (import.tsl). */
export interface GlossaryFile {
  /** The path under the glossary folder: en2ne/main.tra, ne2en/food.tra, ... */
  name: string;
  text: string;
}

/** The glossary's files the build reads: fun.tra holds jokes (wrong on purpose) and people.tsl names with descriptions, neither a meaning. */
export const GLOSSARY_FILES = [
  'en2ne/main.tra',
  'en2ne/food.tra',
  'en2ne/numbers.tra',
  'en2ne/ngram.tra',
  'en2ne/import.tsl',
  'ne2en/main.tra',
  'ne2en/food.tra',
  'ne2en/ngram.tra',
];

export interface GlossaryImport {
  meanings: MeaningMap;
  report: { lines: number; words: number; meanings: number };
}

/**
 * The Nepali words of the glossary with their English meanings. From en2ne
 * a word's meanings are the English heads that list it, the heads that
 * list it earlier among their items first (its main sense), then in file
 * order; from ne2en, the listed English items.
 */
export function importGlossary(files: GlossaryFile[]): GlossaryImport {
  const found = new Map<string, { meaning: string; position: number; order: number }[]>();
  let order = 0;
  let lines = 0;
  const add = (word: string | null, meaning: string, position: number): void => {
    const m = meaning.replace(/\s+/g, ' ').trim();
    if (!word || !/[A-Za-z]/.test(m)) return;
    let list = found.get(word);
    if (!list) found.set(word, (list = []));
    list.push({ meaning: m, position, order: order++ });
  };
  for (const f of files) {
    const toNepali = f.name.startsWith('en2ne/');
    for (const line of f.text.split(/\r?\n/)) {
      const p = parseGlossaryLine(line);
      if (!p) continue;
      lines++;
      if (toNepali) {
        if (f.name.endsWith('import.tsl') && p.bracket) for (const alt of p.bracket.split('/')) add(nepaliWord(alt), p.head, 0);
        p.items.forEach((item, i) => {
          // "हलुवाबेद/हलुवाबेत": alternatives of one word; in a phrase ("को बारेमा/विषयमा") a slash parts its last words, none a word alone.
          const alternatives = item.split('/');
          if (alternatives.length === 1 || !alternatives.some((a) => /\s/.test(a.trim()))) for (const alt of alternatives) add(nepaliWord(alt), p.head, i);
        });
      } else {
        const word = nepaliWord(p.head);
        p.items.forEach((item, i) => add(word, item, i));
      }
    }
  }
  const meanings: MeaningMap = new Map();
  let total = 0;
  for (const [word, list] of found) {
    list.sort((a, b) => a.position - b.position || a.order - b.order);
    const kept = dedupe(list.map((x) => x.meaning)).slice(0, MAX_MEANINGS_PER_SOURCE);
    meanings.set(word, kept);
    total += kept.length;
  }
  return { meanings, report: { lines, words: meanings.size, meanings: total } };
}

/** The meanings in order, each once (by englishKey: "the god" repeats "god"; the first spelling kept). */
function dedupe(list: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of list) {
    const k = englishKey(s);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(s);
  }
  return out;
}

// ---------------------------------------------------------------------------
// The English word list

/**
 * The words of an English word list (one a line, as /usr/share/dict/words),
 * by their lower-cased form, each with how it is written: lower-case when
 * the list has it so, else as the list writes it (a name: Nepal, India).
 */
export function readEnglishWordList(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const w = line.trim();
    if (!w) continue;
    const lower = w.toLowerCase();
    if (w === lower || !out.has(lower)) out.set(lower, w);
  }
  return out;
}

// ---------------------------------------------------------------------------
// The crowdsourced dictionary

export type CrowdDrop = 'not-a-word' | 'no-english' | 'romanization' | 'misspelling' | 'duplicate';

export interface CrowdOptions {
  /** English words by their lower-cased form, with how each is written (readEnglishWordList). */
  english: ReadonlyMap<string, string>;
  /** How a Nepali word is romanized, as fuzzy keys (engine/roman/keys.ts fuzzyRomanKey of its casual aliases). */
  romanKeys: (word: string) => ReadonlySet<string>;
  /** The fuzzy key of an English gloss, to compare with romanKeys. */
  fuzzyKey: (gloss: string) => string;
  /** The curated meanings of the word, lower-cased: a gloss they confirm is kept even when it reads as a romanization. */
  curated: (word: string) => ReadonlySet<string>;
}

/** How the build reads a romanization: a word's casual aliases and a gloss, as fuzzy keys (engine/roman/keys.ts). */
export const ROMANIZATION_KEYS: Pick<CrowdOptions, 'romanKeys' | 'fuzzyKey'> = {
  romanKeys: (word) =>
    new Set(
      romanAliases(word)
        .filter((a) => a.kinds.includes('casual'))
        .map((a) => fuzzyRomanKey(a.alias)),
    ),
  fuzzyKey: (gloss) => fuzzyRomanKey(gloss.replace(/[^a-z]/g, '')),
};

export interface CrowdImport {
  meanings: MeaningMap;
  report: { lines: number; words: number; meanings: number; dropped: Record<CrowdDrop, number>; examples: Partial<Record<CrowdDrop, string[]>> };
}

const EXAMPLES_PER_KIND = 6;

/**
 * A word of the English list, a possessive of one, or a number. A name of
 * three letters or fewer that the list has only in capitals is an
 * abbreviation or a symbol (Ni, Al), not the word a crowd worker typed.
 */
function isEnglishWord(token: string, english: ReadonlyMap<string, string>): boolean {
  if (/^\d+$/.test(token)) return true;
  const written = english.get(token) ?? (token.endsWith("'s") ? english.get(token.slice(0, -2)) : undefined);
  return written !== undefined && (written === written.toLowerCase() || token.length > 3);
}

/** A word the English list has only capitalized: a name (Nepal, Mather). */
function isName(token: string, english: ReadonlyMap<string, string>): boolean {
  const written = english.get(token);
  return written !== undefined && written !== token;
}

/** The gloss with the names the English list capitalizes capitalized ("capital of nepal" -> "capital of Nepal"). */
function capitalized(gloss: string, english: ReadonlyMap<string, string>): string {
  return gloss.replace(/[a-z]+/g, (t) => (t.length > 3 && isName(t, english) ? english.get(t)! : t));
}

/**
 * The crowdsourced dictionary's words with their glosses, cleaned (the
 * header of this file says of what). A word on several lines keeps the
 * glosses of all of them, in line order.
 */
export function importCrowdDictionary(text: string, options: CrowdOptions): CrowdImport {
  const dropped: Record<CrowdDrop, number> = { 'not-a-word': 0, 'no-english': 0, romanization: 0, misspelling: 0, duplicate: 0 };
  const examples: Partial<Record<CrowdDrop, string[]>> = {};
  const drop = (kind: CrowdDrop, what: string): void => {
    dropped[kind]++;
    const list = (examples[kind] ??= []);
    if (list.length < EXAMPLES_PER_KIND) list.push(what);
  };
  const found = new Map<string, string[]>();
  let lines = 0;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    lines++;
    const [rawWord, ...rawGlosses] = line.split('\t');
    const word = nepaliWord(rawWord!);
    if (!word) {
      drop('not-a-word', rawWord!);
      continue;
    }
    const glosses = rawGlosses.map((g) => g.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase()).filter(Boolean);
    const tokens = glosses.map((g) => englishWords(g));
    // The line's English words, to tell a misspelling by: names left out (a misspelling may be one: mather beside mother).
    const englishTokens = new Set(tokens.flat().filter((t) => isEnglishWord(t, options.english) && !isName(t, options.english)));
    const romanKeys = options.romanKeys(word);
    const curated = options.curated(word);
    // An English gloss that reads as the word romanized is the word's English source when nothing
    // else is said of it (a loanword: फोटो photo, पार्टी party; a name: नेपाल Nepal), a romanization
    // given as a meaning when the line says more (मन man, heart, mind).
    const kept: { gloss: string; romanized: boolean }[] = [];
    glosses.forEach((g, i) => {
      const words = tokens[i]!;
      const foreign = words.filter((t) => !isEnglishWord(t, options.english));
      const romanized = romanKeys.has(options.fuzzyKey(g));
      if (foreign.length === words.length && romanized) return drop('romanization', `${word} ${g}`);
      if (words.some((t) => (!isEnglishWord(t, options.english) || isName(t, options.english)) && misspells(t, englishTokens)))
        return drop('misspelling', `${word} ${g}`);
      if (foreign.length === words.length) return drop('no-english', `${word} ${g}`);
      kept.push({ gloss: g, romanized: romanized && words.length === 1 && !curated.has(g) });
    });
    const saysMore = kept.some((k) => !k.romanized);
    const meanings: string[] = [];
    for (const k of kept) {
      if (k.romanized && saysMore) drop('romanization', `${word} ${k.gloss}`);
      else meanings.push(capitalized(k.gloss, options.english));
    }
    const list = found.get(word);
    if (list) list.push(...byAgreement(meanings));
    else found.set(word, byAgreement(meanings));
  }
  const out: MeaningMap = new Map();
  let total = 0;
  for (const [word, list] of found) {
    const unique = dedupe(list);
    dropped.duplicate += list.length - unique.length;
    const kept = unique.slice(0, MAX_MEANINGS_PER_SOURCE);
    if (kept.length === 0) continue;
    out.set(word, kept);
    total += kept.length;
  }
  return { meanings: out, report: { lines, words: out.size, meanings: total, dropped, examples } };
}

/** A word one or two letters from an English word of the line (two for long words): its misspelling. */
function misspells(token: string, english: ReadonlySet<string>): boolean {
  if (token.length < 3) return false;
  const most = token.length >= 7 ? 2 : 1;
  for (const e of english) if (Math.abs(e.length - token.length) <= most && editDistance(token, e) <= most) return true;
  return false;
}

/** Glosses that share a word with more of the line's other glosses first (several workers agreeing); otherwise in line order. */
function byAgreement(glosses: string[]): string[] {
  const words = glosses.map((g) => new Set(englishWords(g)));
  const agreement = words.map((ws, i) => words.filter((other, j) => j !== i && [...ws].some((w) => other.has(w))).length);
  return glosses
    .map((g, i) => ({ g, i }))
    .sort((a, b) => agreement[b.i]! - agreement[a.i]! || a.i - b.i)
    .map((x) => x.g);
}
