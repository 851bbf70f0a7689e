// The dictionary entry of a headword (spec 2.1), from all its dictionaries
// or per dictionary (multi_dict).

import type { Definition, DictionaryEntryResult, Pronunciation } from './results.js';
import { normalizeWord, toDevanagariNumerals } from '../lang/normalize.js';
import { toIpa, toRoman } from '../lang/phonemes.js';
import type { DictionaryEntry, HeadwordRecord } from '../../store/types.js';
import type { WordStore } from '../../store/word-store.js';

/** Separator of synonyms inside a definition's text (spec 2.1: "synonyms are separated by semicolons"). */
export const SYNONYM_SEPARATOR = '; ';

/**
 * split_definitions (spec 2.1 leaves its format open): one line per definition,
 * "<number> <text>", lines joined with "\n"; the part of speech of a sense, when it
 * differs from the entry's, is written in parentheses after the number:
 *   "१. काठ दाउरा आदि पोलेको ...; कोइला; गोल\n२. (विशेषण) ..."
 * Empty string when the entry has no definitions.
 */
export function splitDefinitions(defs: Definition[], entryPos: string | null): string {
  return defs.map((d) => (d.part_of_speech && d.part_of_speech !== entryPos ? `${d.number} (${d.part_of_speech}) ${d.text}` : `${d.number} ${d.text}`)).join('\n');
}

function definitionText(gloss: string, synonyms: string[]): string {
  return [gloss, ...synonyms].map((s) => s.trim()).filter(Boolean).join(SYNONYM_SEPARATOR);
}

/** The 2.1 entry made of some of a headword's dictionary entries (all of them by default). */
export function formatEntry(rec: HeadwordRecord, only?: (e: DictionaryEntry) => boolean): DictionaryEntryResult | null {
  const entries = only ? rec.entries.filter(only) : rec.entries;
  if (entries.length === 0) return null;
  const definitions: Definition[] = [];
  for (const e of entries) {
    for (const s of e.senses) {
      const text = definitionText(s.gloss, s.synonyms);
      if (!text) continue;
      definitions.push({ number: `${toDevanagariNumerals(definitions.length + 1)}.`, text, part_of_speech: s.pos ?? e.pos });
    }
  }
  const pos = entries.find((e) => e.pos)?.pos ?? definitions.find((d) => d.part_of_speech)?.part_of_speech ?? null;
  return {
    word: rec.word,
    part_of_speech: pos,
    split_definitions: splitDefinitions(definitions, pos),
    definitions,
    dictionaries: entries.map((e) => e.dictionary),
    pronunciation: rec.pronunciation === undefined ? null : pronunciationOf(rec.pronunciation),
  };
}

/** The IPA and everyday romanization of the lexicon's transcription, or null when it is none. */
export function pronunciationOf(transcription: string): Pronunciation | null {
  const ipa = toIpa(transcription);
  const roman = toRoman(transcription);
  return ipa === null || roman === null ? null : { ipa, roman };
}

export function lookupEntry(store: WordStore, query: string): DictionaryEntryResult | null {
  const rec = store.headword(normalizeWord(query.trim()));
  return rec ? formatEntry(rec) : null;
}

const encoder = new TextEncoder();

/**
 * The JSON of every headword's entry (lookupEntry's answer) as UTF-8 bytes,
 * for the build to store (StoreRecords.entryJson): a look-up then reads
 * bytes it can send instead of decoding, formatting and serializing.
 */
export function entryJsonRecords(headwords: ReadonlyMap<string, HeadwordRecord>): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const [key, rec] of headwords) {
    const entry = formatEntry(rec);
    if (entry) out.set(key, encoder.encode(JSON.stringify(entry)));
  }
  return out;
}

/** The JSON of lookupEntry's answer as UTF-8 bytes (as the store holds it, when it does), or null when no dictionary has the word. */
export function lookupEntryJson(store: WordStore, query: string): Uint8Array | null {
  const word = normalizeWord(query.trim());
  const stored = store.entryJson(word);
  if (stored) return stored;
  const rec = store.headword(word);
  const entry = rec ? formatEntry(rec) : null;
  return entry ? encoder.encode(JSON.stringify(entry)) : null;
}

export function lookupMultiDict(store: WordStore, query: string): { word: string; results: { dictionary: string; entry: DictionaryEntryResult | null }[] } {
  const word = normalizeWord(query.trim());
  const rec = store.headword(word);
  return {
    word,
    results: store.meta.dictionaries.map((dictionary) => ({
      dictionary,
      entry: rec ? formatEntry(rec, (e) => e.dictionary === dictionary) : null,
    })),
  };
}
