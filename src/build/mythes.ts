// Importer of the Madan Puraskar Pustakalaya thesaurus as Debian ships it
// (mythes-ne, /usr/share/mythes/th_ne_NP_v2.dat, LGPL-2.1).
//
// The MyThes text format:
//   line 1         the encoding ("UTF-8")
//   headword|N     a headword and the number of sense lines that follow
//   (tag)|f1|f2..  N sense lines: a part-of-speech tag, then fields
//
// The Nepali data has defects of its own, found by reading the whole file
// (Debian 1:7.5.0-1): commas inside glosses were turned into '|' (so a gloss
// "सेना, पुलिस आदिको समूह" arrives as two fields), mistyped vowel signs
// (doubled signs, अ + ा for आ), typos in tags, tags without ')' or without
// the following '|', one sense line without a tag, duplicate headwords and
// duplicate senses. What can be repaired is repaired and counted; what cannot
// is reported with its line. A file whose structure is broken (a count that
// does not match the sense lines that follow, a truncated file) stops the
// build: guessing there would attach senses to the wrong headword.

import { CONSONANTS, hasDevanagariLetter } from '../engine/lang/letters.js';
import { normalizeWord } from '../engine/lang/normalize.js';
import type { Sense } from '../store/types.js';
import { DataFormatError } from './errors.js';

/**
 * Part-of-speech abbreviations of the thesaurus -> Nepali names, as in the
 * abbreviation list of the Nepal Academy dictionary the thesaurus derives from.
 * Every tag seen in th_ne_NP_v2.dat (after TAG_TYPOS) is here, plus a few
 * standard abbreviations a later release may use.
 */
export const POS_NAMES: Readonly<Record<string, string>> = Object.freeze({
  ना: 'नाम', // noun
  वि: 'विशेषण', // adjective
  सर्व: 'सर्वनाम', // pronoun
  क्रियो: 'क्रियायोगी', // adverb
  क्रि: 'क्रिया', // verb (not in the 2023 file; standard abbreviation)
  अक्रि: 'अकर्मक क्रिया', // intransitive verb
  सक्रि: 'सकर्मक क्रिया', // transitive verb
  // Every कक्रि headword is a passive -इनु verb glossed "…ने काम गरिनु".
  कक्रि: 'कर्मवाच्य क्रिया',
  प्रेक्रि: 'प्रेरणार्थक क्रिया', // causative verb (कटाउनु, कल्पाउनु)
  नायो: 'नामयोगी', // postposition (अगाडि, अनुसार, अन्तर्गत)
  संयो: 'संयोजक', // conjunction (तथापि, तैपनि)
  विबो: 'विस्मयादिबोधक', // interjection (त्राहि, जय नेपाल)
  संवा: 'सङ्ख्यावाचक', // numeral (सय, दशक)
  विभ: 'विभक्ति', // case marker (द्वारा)
  उप: 'उपसर्ग', // prefix (गैर)
  प्र: 'प्रत्यय', // suffix (not in the 2023 file)
  निपा: 'निपात', // particle (not in the 2023 file)
  टु: 'टुक्का', // idiom (अँगालो: "…छाती र गला मिलाउनु", सगर डढ्नु)
});

/**
 * Tags of the 2023 file that are typing slips of a tag above, each checked
 * against its headword: कोदो (न) is a noun, कलकली (क्रयो) and कदापि (क्रिया)
 * are adverbs, उक्साउनु (सक्रि/प्रक्रि) is the causative of उक्सनु.
 * Left out on purpose: (द्धि) on कर्याककुरूक्क, whose intended tag cannot be
 * told; it stays unknown (pos null) and is counted in report.unknownTags.
 */
const TAG_TYPOS: Readonly<Record<string, string>> = Object.freeze({
  न: 'ना',
  क्रयो: 'क्रियो',
  क्रिुयो: 'क्रियो',
  क्रिया: 'क्रियो',
  प्रक्रि: 'प्रेक्रि',
  'टु.': 'टु',
});

export interface ThesaurusEntry {
  word: string;
  senses: Sense[];
  /** Line of the headword's first occurrence in the file. */
  line: number;
}

export interface MythesImport {
  entries: ThesaurusEntry[];
  report: {
    /** Distinct headwords imported (duplicates merged). */
    headwords: number;
    /** Senses imported (after dropping untagged lines and duplicate senses). */
    senses: number;
    /** Repairs made, by kind. */
    repairs: Record<string, number>;
    /** Defects left in place or skipped, one per occurrence. */
    unrepaired: { line: number; text: string; reason: string }[];
    /** Tags (or parts of combined tags) with no Nepali name, by count. */
    unknownTags: Record<string, number>;
  };
}

// ---------------------------------------------------------------------------
// Character repairs

const CONSONANT = `[${CONSONANTS}]`;
// Dependent vowel signs, virama and nukta: marks that must follow a consonant.
const SIGN = '[\\u093A\\u093B\\u093C\\u093E-\\u094F\\u0955-\\u0957\\u0962\\u0963]';
const VOWEL_SIGN = '[\\u093E-\\u094C\\u0962\\u0963]';

/**
 * Independent vowel written as a vowel letter plus a sign (how some legacy
 * fonts draw आ/ओ/औ/ऐ): Unicode lists these sequences as "do not use".
 */
export const DECOMPOSED_VOWELS: ReadonlyArray<[string, string]> = [
  ['अा', 'आ'],
  ['अो', 'ओ'],
  ['अौ', 'औ'],
  ['अॉ', 'ऑ'],
  ['एे', 'ऐ'],
  ['उु', 'ऊ'],
];

/**
 * A vowel letter followed by the sign it already contains: the typist added
 * the sign a second time (ऐेन for ऐन, ऋृषि for ऋषि). The letter alone is meant.
 */
const REDUNDANT_SIGN = /([आईऊऋऐओऔ])(?:\u093E|\u0940|\u0942|\u0943|\u0947|\u0948|\u094B|\u094C)/g;
const REDUNDANT_PAIRS = new Set(['आा', 'ईी', 'ऊू', 'ऋृ', 'ऐे', 'ऐै', 'ओो', 'औौ']);

/** A vowel sign written twice or more in a row (उपत्यकाा): once is meant. Global: use with replace(). */
export const DOUBLED_SIGN = new RegExp(`(${VOWEL_SIGN})\\1+`, 'g');
/** A mark that follows no consonant: the spelling is broken and we cannot tell how. */
const ORPHAN_SIGN = new RegExp(`(?<!${CONSONANT}|\\u093C)${SIGN}`, 'u');
/** True when a text has a vowel sign, virama or nukta that follows no consonant (a spelling defect). */
export function hasBrokenSigns(text: string): boolean {
  return ORPHAN_SIGN.test(text);
}

/** '?' between two consonants: a character lost in a charset conversion; in this file it is the virama (ढङ?गले). */
const LOST_VIRAMA = new RegExp(`(?<=${CONSONANT})\\?(?=${CONSONANT})`, 'g');

function bump(repairs: Record<string, number>, kind: string, n = 1): void {
  if (n > 0) repairs[kind] = (repairs[kind] ?? 0) + n;
}

function countMatches(s: string, re: RegExp): number {
  return s.match(re)?.length ?? 0;
}

/** Repairs of spelling that are certain; applied to a whole line before it is split. */
function repairText(text: string, repairs: Record<string, number>): string {
  let t = text;
  const doubled = countMatches(t, DOUBLED_SIGN);
  if (doubled) {
    t = t.replace(DOUBLED_SIGN, '$1');
    bump(repairs, 'doubledVowelSign', doubled);
  }
  for (const [bad, good] of DECOMPOSED_VOWELS) {
    if (t.includes(bad)) {
      bump(repairs, 'vowelLetterPlusSign', t.split(bad).length - 1);
      t = t.split(bad).join(good);
    }
  }
  t = t.replace(REDUNDANT_SIGN, (m, letter: string) => {
    if (!REDUNDANT_PAIRS.has(m)) return m;
    bump(repairs, 'redundantVowelSign');
    return letter;
  });
  const lost = countMatches(t, LOST_VIRAMA);
  if (lost) {
    t = t.replace(LOST_VIRAMA, '\u094D');
    bump(repairs, 'questionMarkForVirama', lost);
  }
  return t;
}

/** NFC, invisibles, ':' visarga (normalizeWord), and single spaces; commas get one space after them. */
function cleanField(field: string, repairs: Record<string, number>): string {
  let f = normalizeWord(field).replace(/\s+/g, ' ').trim();
  const tight = countMatches(f, /\s*,(?=\S)|\s+,/g);
  if (tight) {
    f = f.replace(/\s*,\s*/g, ', ');
    bump(repairs, 'commaSpacing', tight);
  }
  return f.replace(/,\s*$/, '');
}

// ---------------------------------------------------------------------------
// Gloss / synonym split
//
// Each sense line lists a definition phrase ("gloss") and then synonyms, but
// the commas of the original glosses became '|'. The original punctuation
// survives in 63 lines and shows how Nepali definitions use commas: almost
// always in an enumeration of short parallel items closed by a conjunction or
// by आदि ("etc."):
//     सेना, पुलिस, खेलाडी वा कामदारहरूको जमघट हुने ठाउँ
//     रूप, आकृति आदिले नमिल्ने खालको
// So a field that *closes* an enumeration (contains वा/र/तथा/अथवा/एवं/अनि, or
// आदि/इत्यादि with a case ending, with at most MAX_ITEM_WORDS words before it)
// takes back the run of *items* right before it: fields of at most
// MAX_ITEM_WORDS words that close nothing themselves and do not end in the
// infinitive -नु (a field ending in -नु is a whole verb definition such as
// "खोल्नु", not an item). The joined fields get their commas back.
// (See splitGlossAndSynonyms for one refinement about participles.)
// After joining, the first unit is the gloss when it is a phrase (two words or
// more); a first unit of one word is a synonym like the rest ("टुक्रा|खण्ड|भाग"),
// and the gloss stays empty. Later phrases stay synonyms, in their order: a
// Sense has one gloss, and the API shows gloss and synonyms joined by ';'.
//
// Measured on th_ne_NP_v2.dat of mythes-ne 1:7.5.0-1: 520 of 6,286 senses get
// fields joined back (687 fields). On the 42 lines whose commas survived,
// turning the commas into '|' and splitting again gives the written grouping
// for 33 lines (99 of 112 fields); the misses are commas that close no
// enumeration ("ऋषि, जसले …", "उड्ने, घिस्रने, पौडने जन्तु…"), which no
// punctuation-free rule can see. A hand check of 40 random joins found 3 wrong
// (two definitions glued together) and 2 doubtful.

const MAX_ITEM_WORDS = 3;
const CONJUNCTIONS = new Set(['वा', 'र', 'तथा', 'अथवा', 'एवं', 'एवम्', 'अनि']);
const ETCETERA = /^(?:आदि|इत्यादि)(?:को|का|की|ले|मा|लाई|बाट|सँग|सम्म|देखि|प्रति|द्वारा|भन्दा|हरू|हरूको|हरूका|हरूमा|हरूले|हरूलाई)?$/;
/** Participles that end a relative clause ("अधिकार नभएको", "मङ्गल गर्ने"). */
const PARTICIPLE = /(?:ने|एको|एका|एकी|इएको|इएका)$/;

type Closer = 'conjunction' | 'etcetera' | null;

/** Whether a field closes an enumeration, and how. */
function closerOf(field: string): Closer {
  const words = field.split(' ');
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const kind: Closer = CONJUNCTIONS.has(w) ? 'conjunction' : ETCETERA.test(w) ? 'etcetera' : null;
    if (kind) return i <= MAX_ITEM_WORDS ? kind : null;
  }
  return null;
}

interface Unit {
  text: string;
  /** Could be an item of an enumeration closed by a later field. */
  item: boolean;
  /** An item of several words ending in a participle. */
  clause: boolean;
}

export interface SplitResult {
  gloss: string;
  synonyms: string[];
  /** Number of fields that were joined back into the field after them. */
  joined: number;
}

/**
 * Groups the fields of one sense line into gloss and synonyms.
 *
 * A run of items before a conjunction closer stops at a multiword item that
 * ends in a participle: "अधिकार नभएको|योग्यता वा हैसियत नपुगेको" are two
 * parallel definitions, each a whole relative clause, while
 * "काम गर्ने ढङ्ग|ढाँचा वा किसिम" is one ("काम गर्ने ढङ्ग, ढाँचा वा किसिम").
 * Before आदि such items do belong to the list
 * ("रूख ढाल्ने, दाउरा चिर्ने आदि कार्यमा प्रयोग हुने …").
 */
export function splitGlossAndSynonyms(fields: readonly string[]): SplitResult {
  const units: Unit[] = [];
  let joined = 0;
  for (const field of fields) {
    const closer = closerOf(field);
    if (closer) {
      let start = units.length;
      while (start > 0) {
        const u = units[start - 1]!;
        if (!u.item || (closer === 'conjunction' && u.clause)) break;
        start--;
      }
      if (start < units.length) {
        const items = units.splice(start).map((u) => u.text);
        joined += items.length;
        units.push({ text: [...items, field].join(', '), item: false, clause: false });
        continue;
      }
    }
    const words = field.split(' ');
    const item = words.length <= MAX_ITEM_WORDS && !closer && !field.endsWith('नु');
    units.push({ text: field, item, clause: item && words.length > 1 && PARTICIPLE.test(words[words.length - 1]!) });
  }
  const texts = units.map((u) => u.text);
  const first = texts[0] ?? '';
  if (first.includes(' ')) return { gloss: first, synonyms: texts.slice(1), joined };
  return { gloss: '', synonyms: texts, joined };
}

// ---------------------------------------------------------------------------
// Parsing

const HEADWORD_LINE = /^(.*)\|(\d+)\s*$/;

interface RawSense {
  pos: string | null;
  fields: string[];
}

/** Reads the tag of a sense line; repairs a missing ')' or a missing '|' after it. */
function readTag(line: string, repairs: Record<string, number>): { tag: string; rest: string } | null {
  if (!line.startsWith('(')) return null;
  const close = line.indexOf(')');
  const bar = line.indexOf('|');
  if (close < 0 || (bar >= 0 && bar < close)) {
    // "(वि|छुद्र|…": the tag ends at the first '|'.
    if (bar < 0) return null;
    bump(repairs, 'tagWithoutParenthesis');
    return { tag: line.slice(1, bar).trim(), rest: line.slice(bar + 1) };
  }
  let rest = line.slice(close + 1);
  if (rest.startsWith('|')) rest = rest.slice(1);
  else if (rest.trim() !== '') bump(repairs, 'tagWithoutSeparator'); // "(ना)पानीबाट …"
  return { tag: line.slice(1, close).trim(), rest };
}

function posName(tag: string, repairs: Record<string, number>, unknownTags: Record<string, number>): string | null {
  const names: string[] = [];
  for (const raw of tag.split('/')) {
    let part = raw.trim();
    if (part === '') continue;
    const fixed = TAG_TYPOS[part];
    if (fixed !== undefined) {
      bump(repairs, 'tagTypo');
      part = fixed;
    }
    const name = POS_NAMES[part];
    if (name === undefined) bump(unknownTags, part);
    else if (!names.includes(name)) names.push(name);
  }
  return names.length ? names.join('/') : null;
}

export function importMythes(text: string, file: string): MythesImport {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .map((l) => l.replace(/\r$/, ''));
  const repairs: Record<string, number> = {};
  const unknownTags: Record<string, number> = {};
  const unrepaired: MythesImport['report']['unrepaired'] = [];

  const encoding = (lines[0] ?? '').trim();
  if (!/^UTF-?8$/i.test(encoding)) {
    throw new DataFormatError(file, 1, `first line must name the encoding UTF-8, found ${JSON.stringify(encoding.slice(0, 40))}`);
  }

  const byWord = new Map<string, ThesaurusEntry>();
  let i = 1;
  while (i < lines.length) {
    const lineNo = i + 1;
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    // --- headword line
    const head = HEADWORD_LINE.exec(line);
    if (!head || line.startsWith('(')) {
      throw new DataFormatError(
        file,
        lineNo,
        line.startsWith('(') ? 'sense line where a headword was expected: the count of the headword before it is too small' : 'expected "headword|count"',
      );
    }
    const count = Number(head[2]);
    if (count < 1) throw new DataFormatError(file, lineNo, `headword ${JSON.stringify(head[1])} has ${count} senses`);
    if (i + count >= lines.length) {
      throw new DataFormatError(file, lineNo, `headword announces ${count} senses but the file ends after ${lines.length - 1 - i}`);
    }
    const word = normalizeWord(repairText(head[1]!, repairs)).replace(/\s+/g, ' ').trim();
    if (!hasDevanagariLetter(word)) throw new DataFormatError(file, lineNo, `headword ${JSON.stringify(head[1])} has no Devanagari letter`);

    // --- its sense lines
    const senses: RawSense[] = [];
    for (let k = 1; k <= count; k++) {
      const sNo = lineNo + k;
      const sLine = lines[i + k]!;
      const tagged = readTag(sLine, repairs);
      if (!tagged) {
        if (HEADWORD_LINE.test(sLine) || sLine.trim() === '') {
          throw new DataFormatError(file, sNo, `headword ${JSON.stringify(word)} (line ${lineNo}) announces ${count} senses but only ${k - 1} follow`);
        }
        // A sense without its tag. In th_ne_NP_v2.dat the one such line (निरन्तरता's
        // second sense, "निरर्थक अवस्था|…") defines another word: skip it rather than
        // attach a wrong definition.
        unrepaired.push({ line: sNo, text: sLine, reason: 'sense line without a (tag); skipped' });
        continue;
      }
      const pos = posName(repairText(tagged.tag, repairs), repairs, unknownTags);
      let rest = tagged.rest;
      if (rest.includes('\\')) {
        // "वर्गको\उही": the separator typed with the neighbouring key.
        bump(repairs, 'backslashSeparator', rest.split('\\').length - 1);
        rest = rest.replace(/\\/g, '|');
      }
      rest = repairText(rest, repairs);
      const fields: string[] = [];
      for (const raw of rest.split('|')) {
        const f = cleanField(raw, repairs);
        if (f === '') {
          bump(repairs, 'emptyField');
          continue;
        }
        fields.push(f);
      }
      if (fields.length === 0) {
        unrepaired.push({ line: sNo, text: sLine, reason: 'sense line with a tag and no text; skipped' });
        continue;
      }
      senses.push({ pos, fields });
      for (const f of fields) {
        if (ORPHAN_SIGN.test(f)) {
          const where = f.split(' ').find((w) => ORPHAN_SIGN.test(w)) ?? f;
          unrepaired.push({ line: sNo, text: where, reason: describeOrphan(where) });
        }
      }
    }

    // --- merge into the entry of the headword (duplicate headwords: 5 in the 2023 file)
    let entry = byWord.get(word);
    if (!entry) {
      entry = { word, senses: [], line: lineNo };
      byWord.set(word, entry);
    } else {
      bump(repairs, 'duplicateHeadwordMerged');
    }
    for (const raw of senses) addSense(entry, raw, repairs);
    i += count + 1;
  }

  const entries = [...byWord.values()].filter((e) => e.senses.length > 0);
  let senseCount = 0;
  for (const e of entries) senseCount += e.senses.length;
  return { entries, report: { headwords: entries.length, senses: senseCount, repairs, unrepaired, unknownTags } };
}

function describeOrphan(word: string): string {
  const at = word.search(ORPHAN_SIGN);
  const bad = at < 0 ? '' : word.slice(Math.max(0, at - 1), at + 1);
  const codes = [...bad].map((c) => 'U+' + c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')).join(' ');
  return `mark after a non-consonant (${codes}); the intended spelling cannot be told`;
}

function addSense(entry: ThesaurusEntry, raw: RawSense, repairs: Record<string, number>): void {
  const split = splitGlossAndSynonyms(raw.fields);
  bump(repairs, 'enumerationFieldsRejoined', split.joined);
  const synonyms: string[] = [];
  for (const s of split.synonyms) {
    if (s === entry.word) {
      bump(repairs, 'selfSynonymDropped'); // the headword listed as its own synonym
      continue;
    }
    if (s === split.gloss || synonyms.includes(s)) {
      bump(repairs, 'duplicateSynonymDropped');
      continue;
    }
    if (!s.includes(' ') && ORPHAN_SIGN.test(s)) {
      // A misspelt single word must not reach the lexicon (it would be
      // suggested as a correction); it is listed in report.unrepaired.
      bump(repairs, 'misspeltSynonymDropped');
      continue;
    }
    synonyms.push(s);
  }
  if (split.gloss === '' && synonyms.length === 0) return;
  const sense: Sense = { pos: raw.pos, gloss: split.gloss, synonyms };
  const key = JSON.stringify(sense);
  if (entry.senses.some((s) => JSON.stringify(s) === key)) {
    bump(repairs, 'duplicateSenseDropped');
    return;
  }
  entry.senses.push(sense);
}
