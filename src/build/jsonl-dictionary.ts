// Importer of further dictionaries in the project's JSONL format
// (docs/jsonl-dictionary.md). An operator who is licensed to use another
// Nepali dictionary converts it to this format and passes the file to the
// build; its entries are served next to the thesaurus and hunspell ones.
//
// The schemas below are the single source of truth for the format; the
// document describes them. Each line is checked when it is read, and the
// first defect stops the build with the file, the line and the field.

import Type, { type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { hasDevanagariLetter } from '../engine/lang/letters.js';
import { normalizeWord } from '../engine/lang/normalize.js';
import { HUNSPELL_DICT, THESAURUS_DICT, type Sense } from '../store/types.js';
import { DataFormatError } from './errors.js';
import { POS_NAMES } from './mythes.js';

/** Dictionary identifiers: they appear in API results and in SOURCES.json. */
const ID_PATTERN = '^[a-z0-9][a-z0-9._-]{0,63}$';

export const JsonlHeader = Type.Object(
  {
    dictionary: Type.String({ pattern: ID_PATTERN }),
    license: Type.String({ minLength: 1, maxLength: 200 }),
    version: Type.String({ minLength: 1, maxLength: 100 }),
    title: Type.Optional(Type.String({ maxLength: 200 })),
    source: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type JsonlHeader = Static<typeof JsonlHeader>;

const PartOfSpeech = Type.Union([Type.String({ minLength: 1, maxLength: 60 }), Type.Null()]);

export const JsonlDefinition = Type.Object(
  {
    text: Type.String({ maxLength: 2000 }),
    part_of_speech: PartOfSpeech,
    synonyms: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 200 })),
  },
  { additionalProperties: false },
);

export const JsonlEntry = Type.Object(
  {
    word: Type.String({ minLength: 1, maxLength: 100 }),
    part_of_speech: PartOfSpeech,
    definitions: Type.Array(JsonlDefinition, { maxItems: 200 }),
    roman: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 })),
    examples: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 1000 }), { maxItems: 100 })),
  },
  { additionalProperties: false },
);
export type JsonlEntry = Static<typeof JsonlEntry>;

const checkHeader = Compile(JsonlHeader);
const checkEntry = Compile(JsonlEntry);

/** Identifiers of the dictionaries the build makes itself. */
const RESERVED_IDS = new Set([THESAURUS_DICT, HUNSPELL_DICT]);

export interface ImportedDictionary {
  id: string;
  license: string;
  version: string;
  entries: { word: string; pos: string | null; senses: Sense[]; roman: string[]; examples: string[] }[];
}

/** Header values given on the command line, for files that have no header line. */
export interface JsonlDictionaryOptions {
  dictionary?: string;
  license?: string;
  version?: string;
}

/** "/definitions/0/text" -> "definitions[0].text" */
function fieldName(path: string): string {
  let out = '';
  for (const part of path.split('/').slice(1)) out += /^\d+$/.test(part) ? `[${part}]` : out ? `.${part}` : part;
  return out;
}

interface SchemaError {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

/** One readable message for the first real defect TypeBox reports. */
function describe(errors: Iterable<SchemaError>): string {
  const list = [...errors];
  const unknown = list.find((e) => e.keyword === 'additionalProperties');
  if (unknown) {
    const names = (unknown.params.additionalProperties as string[] | undefined) ?? [];
    const where = fieldName(unknown.instancePath);
    const hint = names.includes('licence') ? ' (the field is spelled "license")' : '';
    return `unknown field ${names.map((n) => (where ? `${where}.${n}` : n)).join(', ')}${hint}`;
  }
  const required = list.find((e) => e.keyword === 'required');
  if (required) {
    const names = (required.params.requiredProperties as string[] | undefined) ?? [];
    const where = fieldName(required.instancePath);
    return `missing field ${names.map((n) => (where ? `${where}.${n}` : n)).join(', ')}`;
  }
  // A union (string | null) reports one error per branch and then anyOf: name it once.
  const anyOf = list.find((e) => e.keyword === 'anyOf');
  if (anyOf) return `field ${fieldName(anyOf.instancePath)}: must be a string or null`;
  const first = list[0];
  if (!first) return 'does not match the format';
  const where = fieldName(first.instancePath);
  return where ? `field ${where}: ${first.message}` : first.message;
}

function clean(text: string): string {
  return normalizeWord(text).replace(/\s+/g, ' ').trim();
}

function posName(pos: string | null): string | null {
  if (pos === null) return null;
  const p = clean(pos);
  // Abbreviations of the Nepal Academy dictionary ("ना", "वि") become names, as in the thesaurus.
  return POS_NAMES[p.replace(/\.$/, '')] ?? p;
}

export function importJsonlDictionary(text: string, file: string, options: JsonlDictionaryOptions = {}): ImportedDictionary {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  let header: JsonlHeader | null = null;
  const byWord = new Map<string, ImportedDictionary['entries'][number]>();
  let entryLines = 0;

  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i]!.replace(/\r$/, '');
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new DataFormatError(file, lineNo, `not a JSON value: ${(err as Error).message}`);
    }

    // --- the header: the first non-blank line, when it is an object with "dictionary"
    const isHeader = typeof value === 'object' && value !== null && !Array.isArray(value) && 'dictionary' in value;
    if (isHeader) {
      if (header !== null || entryLines > 0) throw new DataFormatError(file, lineNo, 'a header line ("dictionary") is allowed only as the first line');
      if (!checkHeader.Check(value)) throw new DataFormatError(file, lineNo, `header: ${describe(checkHeader.Errors(value) as Iterable<SchemaError>)}`);
      header = value;
      for (const key of ['dictionary', 'license', 'version'] as const) {
        const given = options[key];
        if (given !== undefined && given !== header[key]) {
          throw new DataFormatError(file, lineNo, `field ${key}: the file says ${JSON.stringify(header[key])} but ${JSON.stringify(given)} was given`);
        }
      }
      if (RESERVED_IDS.has(header.dictionary)) {
        throw new DataFormatError(file, lineNo, `field dictionary: "${header.dictionary}" is the id of a built-in dictionary`);
      }
      continue;
    }
    if (header === null && entryLines === 0) header = headerFromOptions(options, file, lineNo);

    // --- an entry
    if (!checkEntry.Check(value)) throw new DataFormatError(file, lineNo, describe(checkEntry.Errors(value) as Iterable<SchemaError>));
    entryLines++;
    const e = value;
    const word = clean(e.word);
    if (!hasDevanagariLetter(word)) throw new DataFormatError(file, lineNo, `field word: ${JSON.stringify(e.word)} has no Devanagari letter`);
    const pos = posName(e.part_of_speech);
    const senses: Sense[] = e.definitions.map((d, k) => {
      const synonyms: string[] = [];
      for (const [s, raw] of (d.synonyms ?? []).entries()) {
        const syn = clean(raw);
        if (!hasDevanagariLetter(syn)) {
          throw new DataFormatError(file, lineNo, `field definitions[${k}].synonyms[${s}]: ${JSON.stringify(raw)} has no Devanagari letter`);
        }
        if (!synonyms.includes(syn) && syn !== word) synonyms.push(syn);
      }
      const gloss = clean(d.text);
      if (gloss === '' && synonyms.length === 0) throw new DataFormatError(file, lineNo, `field definitions[${k}]: neither text nor synonyms`);
      // A definition without its own part of speech has the entry's.
      return { pos: posName(d.part_of_speech) ?? pos, gloss, synonyms };
    });
    const roman: string[] = [];
    for (const [k, raw] of (e.roman ?? []).entries()) {
      const r = raw.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
      // Roman aliases are typed on a Latin keyboard: Latin letters (IAST
      // diacritics allowed), apostrophes, hyphens, dots and spaces.
      if (!/^\p{Script=Latin}[\p{Script=Latin}\p{M}'.\- ]*$/u.test(r)) {
        throw new DataFormatError(file, lineNo, `field roman[${k}]: ${JSON.stringify(raw)} is not a romanization (Latin letters only)`);
      }
      if (!roman.includes(r)) roman.push(r);
    }
    const examples: string[] = [];
    for (const [k, raw] of (e.examples ?? []).entries()) {
      const ex = raw
        .normalize('NFC')
        .replace(/[\u200B\u2060\uFEFF\u00AD]/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      if (!hasDevanagariLetter(ex)) throw new DataFormatError(file, lineNo, `field examples[${k}]: has no Devanagari letter`);
      if (!examples.includes(ex)) examples.push(ex);
    }

    // --- lines with the same word (homographs, or a word split over lines) merge in file order
    const prev = byWord.get(word);
    if (!prev) byWord.set(word, { word, pos, senses, roman, examples });
    else {
      prev.pos ??= pos;
      for (const s of senses) if (!prev.senses.some((x) => JSON.stringify(x) === JSON.stringify(s))) prev.senses.push(s);
      for (const r of roman) if (!prev.roman.includes(r)) prev.roman.push(r);
      for (const x of examples) if (!prev.examples.includes(x)) prev.examples.push(x);
    }
  }

  if (header === null) header = headerFromOptions(options, file, null);
  if (byWord.size === 0) throw new DataFormatError(file, null, 'no entries');
  return { id: header.dictionary, license: header.license, version: header.version, entries: [...byWord.values()] };
}

function headerFromOptions(options: JsonlDictionaryOptions, file: string, line: number | null): JsonlHeader {
  const missing = (['dictionary', 'license', 'version'] as const).filter((k) => !options[k]);
  if (missing.length) {
    throw new DataFormatError(file, line, `no header line {"dictionary", "license", "version"} and no ${missing.join(', ')} given on the command line`);
  }
  const header = { dictionary: options.dictionary!, license: options.license!, version: options.version! };
  if (!checkHeader.Check(header)) throw new DataFormatError(file, null, `command line: ${describe(checkHeader.Errors(header) as Iterable<SchemaError>)}`);
  if (RESERVED_IDS.has(header.dictionary)) throw new DataFormatError(file, null, `dictionary "${header.dictionary}" is the id of a built-in dictionary`);
  return header;
}
