// The dictionary entry of a headword (spec 2.1), from all its dictionaries
// or per dictionary (multi_dict).

import type { Definition, DictionaryEntryResult, Pronunciation } from './results.js';
import { lemmaMeanings, mergedMeanings } from './english.js';
import { normalizeWord, toDevanagariNumerals } from '../lang/normalize.js';
import { toIpa, toRoman } from '../lang/phonemes.js';
import type { DictionaryEntry, EnglishRecord } from '../../store/types.js';
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
  return defs
    .map((d) => (d.part_of_speech && d.part_of_speech !== entryPos ? `${d.number} (${d.part_of_speech}) ${d.text}` : `${d.number} ${d.text}`))
    .join('\n');
}

function definitionText(gloss: string, synonyms: string[]): string {
  return [gloss, ...synonyms]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(SYNONYM_SEPARATOR);
}

/**
 * The 2.1 entry of a word from some of its dictionaries (all of them by
 * default): its headword record's entries and its English meanings. A word
 * no lexicon dictionary has is an entry of its English meanings alone (an
 * inflected form a source lists, आजको); null when the dictionaries chosen
 * have nothing of the word.
 */
export function formatEntry(store: WordStore, word: string, only?: (dictionary: string) => boolean): DictionaryEntryResult | null {
  const rec = store.headword(word);
  const entries = (rec?.entries ?? []).filter((e) => !only || only(e.dictionary));
  const record = store.english(word);
  const english: EnglishRecord | undefined = record && only ? { sources: record.sources.filter((s) => only(s.dictionary)), lemmas: record.lemmas } : record;
  if (entries.length === 0 && !english?.sources.length) return null;
  const entry = lexiconEntry(rec?.word ?? word, entries);
  // The English dictionaries that give meanings follow the lexicon's.
  for (const s of english?.sources ?? []) entry.dictionaries.push(s.dictionary);
  const phonemes = rec?.pronunciation ?? record?.pronunciation;
  const pronunciation = phonemes === undefined ? null : pronunciationOf(phonemes);
  return { ...entry, english: mergedMeanings(english), lemmas: lemmaMeanings(store, english), pronunciation };
}

/** The fields of the entry that its lexicon dictionaries' entries make. */
function lexiconEntry(word: string, entries: DictionaryEntry[]): Omit<DictionaryEntryResult, 'english' | 'lemmas' | 'pronunciation'> {
  const definitions: Definition[] = [];
  for (const e of entries) {
    for (const s of e.senses) {
      const text = definitionText(s.gloss, s.synonyms);
      if (!text) continue;
      definitions.push({ number: `${toDevanagariNumerals(definitions.length + 1)}.`, text, part_of_speech: s.pos ?? e.pos });
    }
  }
  const pos = entries.find((e) => e.pos)?.pos ?? definitions.find((d) => d.part_of_speech)?.part_of_speech ?? null;
  return { word, part_of_speech: pos, split_definitions: splitDefinitions(definitions, pos), definitions, dictionaries: entries.map((e) => e.dictionary) };
}

/** The IPA and everyday romanization of the lexicon's transcription, or null when it is none. */
export function pronunciationOf(transcription: string): Pronunciation | null {
  const ipa = toIpa(transcription);
  const roman = toRoman(transcription);
  return ipa === null || roman === null ? null : { ipa, roman };
}

export function lookupEntry(store: WordStore, query: string): DictionaryEntryResult | null {
  return formatEntry(store, normalizeWord(query.trim()));
}

const encoder = new TextEncoder();

/**
 * The JSON of every entry (lookupEntry's answer: the headwords and the words
 * with English meanings) as UTF-8 bytes, for the build to store
 * (StoreRecords.entryJson): a look-up then reads bytes it can send instead
 * of decoding, formatting and serializing.
 */
export function entryJsonRecords(store: WordStore, words: Iterable<string>): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const word of words) {
    const entry = formatEntry(store, word);
    if (entry) out.set(word, encoder.encode(JSON.stringify(entry)));
  }
  return out;
}

/** The JSON of lookupEntry's answer as UTF-8 bytes (as the store holds it, when it does), or null when no dictionary has the word. */
export function lookupEntryJson(store: WordStore, query: string): Uint8Array | null {
  const word = normalizeWord(query.trim());
  const stored = store.entryJson(word);
  if (stored) return stored;
  const entry = formatEntry(store, word);
  return entry ? encoder.encode(JSON.stringify(entry)) : null;
}

export function lookupMultiDict(store: WordStore, query: string): { word: string; results: { dictionary: string; entry: DictionaryEntryResult | null }[] } {
  const word = normalizeWord(query.trim());
  return {
    word,
    results: [...store.meta.dictionaries, ...(store.meta.english?.dictionaries ?? [])].map((dictionary) => ({
      dictionary,
      entry: formatEntry(store, word, (d) => d === dictionary),
    })),
  };
}
