// Example sentences for the example-sentence endpoint, from three open sources:
//
// (a) The thesaurus itself (mythes-ne, LGPL-2.1): its definitions are phrases
//     written by lexicographers with ordinary words ("मानिस बस्ने ठाउँ"), so
//     they show those words in use.
// (b) LibreOffice's Nepali user-interface translation (Debian package
//     libreoffice-l10n-ne, MPL-2.0): gettext .mo catalogs under
//     usr/lib/libreoffice/program/resource/ne/LC_MESSAGES/. About 12,700
//     translated strings; the ones that are whole Nepali sentences (help
//     texts, messages: "सुरक्षाको कारणले म्याक्रो समर्थन अक्षम पारिएको छ ।")
//     are kept. They are software language and some have typing slips
//     (गर्नुहोस for गर्नुहोस्); they are real usage, not edited prose.
//     Firefox's Nepali language pack (firefox-esr-l10n-ne-np) was considered
//     and left out: Fluent/.properties files inside an .xpi, fewer sentences
//     (about 1,900 lines of four or more Devanagari words), most of them with
//     { $placeables } or HTML.
// (c) The recorded-speech prompts of Google's Nepali language resources
//     (data/google-language-resources-ne/prompts.tsv, Apache-2.0): 2,064
//     clean sentences written to be read aloud, `id<TAB>sentence` a line.
//
// The .mo reader is pure TypeScript (no gettext tools at build time).

import { hasDevanagariLetter, WORD_LETTERS_AND_SIGNS } from '../engine/lang/letters.js';
import { INVISIBLES } from '../engine/lang/normalize.js';
import type { ExampleSentence } from '../store/types.js';
import { DataFormatError } from './errors.js';
import { hasBrokenSigns, type ThesaurusEntry } from './mythes.js';

export interface SentenceSource {
  name: string;
  version?: string;
  license: string;
}

export const THESAURUS_SENTENCE_SOURCE: SentenceSource = { name: 'mpp-thesaurus', license: 'LGPL-2.1' };
export const LIBREOFFICE_SENTENCE_SOURCE: SentenceSource = { name: 'libreoffice-l10n-ne', license: 'MPL-2.0' };
export const PROMPTS_SENTENCE_SOURCE: SentenceSource = { name: 'google-ne-prompts', license: 'Apache-2.0' };
/** Where the catalogs are inside the unpacked libreoffice-l10n-ne package. */
export const LIBREOFFICE_CATALOG_DIR = 'usr/lib/libreoffice/program/resource/ne/LC_MESSAGES';

/** A definition phrase of fewer words shows too little of a word's use. */
const MIN_PHRASE_WORDS = 3;

/**
 * Definition phrases of the thesaurus as example texts: glosses and the
 * phrase-like synonyms (definitions that followed the first one), of at least
 * MIN_PHRASE_WORDS words, Devanagari only, without the spelling defects the
 * importer could not repair. Deduplicated, in thesaurus order.
 */
export function sentencesFromThesaurus(entries: ThesaurusEntry[]): ExampleSentence[] {
  const seen = new Set<string>();
  const out: ExampleSentence[] = [];
  for (const e of entries) {
    for (const s of e.senses) {
      for (const text of [s.gloss, ...s.synonyms]) {
        if (seen.has(text)) continue;
        const words = text.split(' ');
        if (words.length < MIN_PHRASE_WORDS) continue;
        if (/[A-Za-z0-9]/.test(text) || hasBrokenSigns(text)) continue;
        if (!words.every((w) => hasDevanagariLetter(w))) continue;
        seen.add(text);
        out.push({ text, source: THESAURUS_SENTENCE_SOURCE.name });
      }
    }
  }
  return out;
}

/**
 * The sentences of prompts.tsv (`id<TAB>sentence` a line), NFC, without
 * invisible characters, spaces collapsed, in file order. A line without its
 * two columns stops the build (DataFormatError names it).
 */
export function sentencesFromPrompts(text: string, file: string): string[] {
  const out: string[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    const cols = line.split('\t');
    if (cols.length !== 2 || !cols[0]!.trim() || !hasDevanagariLetter(cols[1]!)) throw new DataFormatError(file, i + 1, 'expected "id<TAB>Nepali sentence"');
    out.push(cols[1]!.normalize('NFC').replace(INVISIBLES, '').replace(/\s+/g, ' ').trim());
  });
  return out;
}

// ---------------------------------------------------------------------------
// gettext .mo
//
// Layout (GNU gettext manual, "The Format of GNU MO Files"): uint32 magic
// 0x950412de in the file's byte order, uint32 revision (major 0 or 1), uint32
// N strings, uint32 offset of the original-string table, uint32 offset of
// the translation table, then a hash table we do not need. Each table has N
// (uint32 length, uint32 offset) pairs pointing at NUL-terminated strings.
// An original "ctx\x04id" carries a context; "id\0plural" a plural form; a
// translation of a plural message holds its forms separated by NUL. The
// message with the empty id is the catalog header.

export interface MoMessage {
  context: string | null;
  id: string;
  idPlural: string | null;
  translations: string[];
}

export interface MoCatalog {
  headers: Record<string, string>;
  messages: MoMessage[];
}

const MO_MAGIC = 0x950412de;

function moFail(file: string, offset: number, message: string): never {
  throw new DataFormatError(file, null, `byte offset ${offset}: ${message}`);
}

export function readMo(buf: Uint8Array, file: string): MoCatalog {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf.byteLength < 20) moFail(file, 0, `file of ${buf.byteLength} bytes is too short for a .mo header`);
  let le: boolean;
  if (view.getUint32(0, true) === MO_MAGIC) le = true;
  else if (view.getUint32(0, false) === MO_MAGIC) le = false;
  else moFail(file, 0, `not a gettext .mo file (magic 0x${view.getUint32(0, true).toString(16)})`);
  const major = view.getUint32(4, le) >>> 16;
  if (major > 1) moFail(file, 4, `unsupported .mo revision ${major}`);
  const n = view.getUint32(8, le);
  const originals = view.getUint32(12, le);
  const translations = view.getUint32(16, le);
  for (const [name, at, table] of [
    ['original', 12, originals],
    ['translation', 16, translations],
  ] as const) {
    if (table + 8 * n > buf.byteLength) moFail(file, at, `${name} table of ${n} entries at ${table} runs past the end of the file (${buf.byteLength} bytes)`);
  }

  const decoder = new TextDecoder('utf-8', { fatal: true });
  const stringAt = (table: number, i: number): string => {
    const entry = table + 8 * i;
    const length = view.getUint32(entry, le);
    const offset = view.getUint32(entry + 4, le);
    if (offset + length > buf.byteLength) moFail(file, entry, `string ${i} (${length} bytes at ${offset}) runs past the end of the file`);
    try {
      return decoder.decode(buf.subarray(offset, offset + length));
    } catch {
      moFail(file, offset, `string ${i} is not valid UTF-8`);
    }
  };

  const headers: Record<string, string> = {};
  const messages: MoMessage[] = [];
  for (let i = 0; i < n; i++) {
    const original = stringAt(originals, i);
    const translated = stringAt(translations, i);
    if (original === '') {
      for (const line of translated.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
      }
      const charset = /charset=([^;\s]+)/i.exec(headers['Content-Type'] ?? '')?.[1];
      if (charset && !/^utf-?8$/i.test(charset)) moFail(file, translations + 8 * i, `catalog charset ${charset}; only UTF-8 is read`);
      continue;
    }
    const eot = original.indexOf('\x04');
    const context = eot >= 0 ? original.slice(0, eot) : null;
    const [id, idPlural] = (eot >= 0 ? original.slice(eot + 1) : original).split('\0');
    messages.push({ context, id: id!, idPlural: idPlural ?? null, translations: translated.split('\0') });
  }
  return { headers, messages };
}

// ---------------------------------------------------------------------------
// Which translated strings are sentences

/** Markup and placeholders of software strings: %s %1 %PRODUCTNAME $(ARG1) $name$ #PAGE# <tag> {0} &amp; \n */
const PLACEHOLDER = /[%$#<>{}\\&|=@]/;
/** Accelerator hints the translators appended: "(_N)", "(~F)". */
const ACCELERATOR_HINT = /\s*\([~_&][\p{L}\p{N}]\)/gu;
/** Accelerator markers inside a label: "~फाइल", "_Delete". */
const ACCELERATOR = /[~_](?=[\p{L}\p{M}\p{N}])/gu;
/** Colon typed for visarga inside a word (स्वत:पाठ, पुन:स्थापना). */
const INNER_COLON = new RegExp(`(?<=[${WORD_LETTERS_AND_SIGNS}]):(?=[${WORD_LETTERS_AND_SIGNS}])`, 'g');
/** The same before a space, in the words that end in visarga (पुनः, स्वतः, प्रायः, अतः, क्रमशः, ...). */
const FINAL_VISARGA_WORD = /(?<=(?:^|\s)(?:पुन|स्वत|प्राय|अत|क्रमश|[\u0900-\u097F]*त)):(?=\s|$)/g;
/** Last words of Nepali finite verbs (a sentence without a full stop still ends in one). */
const FINITE_VERB = /(?:छ|छन्|छु|छौं|छौ|छिन्|छैन|छैनन्|दैन|दैनन्|होस्?|नुहोस्?|भयो|यो|एन|एनन्|थ्यो|थिए|हो|होइन|हुन्|पर्छ|सक्छ)$/;
const MIN_SENTENCE_WORDS = 4;
const MAX_SENTENCE_CHARS = 300;

/**
 * A translated UI string as a sentence, or null when it is not one: a label,
 * a phrase, or text with placeholders, markup or Latin words. Accelerator
 * markers are removed, colons typed for visarga repaired, spacing before
 * the danda closed up ("छ ।" -> "छ।").
 */
export function cleanSentence(raw: string): string | null {
  let t = raw.normalize('NFC').replace(INVISIBLES, '').replace(ACCELERATOR_HINT, '');
  if (PLACEHOLDER.test(t)) return null;
  t = t.replace(ACCELERATOR, '');
  if (/[~_]/.test(t)) return null;
  if (t.includes(':')) {
    t = t.replace(INNER_COLON, 'ः').replace(FINAL_VISARGA_WORD, 'ः');
    if (t.includes(':')) return null; // a label ("त्रुटि सन्देश:"), not a sentence
  }
  t = t
    .replace(/\s+/g, ' ')
    .replace(/ (?=[।?!,])/g, '')
    .trim();
  if (t.length > MAX_SENTENCE_CHARS || /[A-Za-z]/.test(t)) return null;
  const words = t.split(' ');
  if (words.length < MIN_SENTENCE_WORDS) return null;
  if (words.filter((w) => hasDevanagariLetter(w)).length < MIN_SENTENCE_WORDS - 1) return null;
  if (hasBrokenSigns(t)) return null;
  const last = words[words.length - 1]!;
  if (!/[।?!]$|[^.]\.$/.test(last) && !FINITE_VERB.test(last)) return null;
  return t;
}

/** The Nepali sentences of one .mo catalog (each line of a multi-line message is a candidate). */
export function sentencesFromMo(buf: Uint8Array, file: string): string[] {
  const out: string[] = [];
  for (const m of readMo(buf, file).messages) {
    for (const tr of m.translations) {
      for (const line of tr.split('\n')) {
        const s = cleanSentence(line);
        if (s !== null) out.push(s);
      }
    }
  }
  return out;
}

/**
 * All sentences of the libreoffice-l10n-ne package: pass every .mo file of
 * LIBREOFFICE_CATALOG_DIR. Files are read in name order and sentences
 * deduplicated, so the result does not depend on directory order.
 */
export function extractNepaliSentences(catalogs: { file: string; bytes: Uint8Array }[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const c of [...catalogs].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    for (const s of sentencesFromMo(c.bytes, c.file)) {
      if (!seen.has(s)) {
        seen.add(s);
        out.push(s);
      }
    }
  }
  return out;
}
