// Dictionary look-ups: the entry of 2.1, spelling variants, per-dictionary
// answers, autocomplete and example sentences. Pure functions over a WordStore.

import type { Definition, DictionaryEntryResult } from './results.js';
import { normalizeWord, toDevanagariNumerals } from './lang/normalize.js';
import { DEVANAGARI_WORDS } from './lang/text.js';
import type { DictionaryEntry, ExampleSentence, HeadwordRecord } from '../store/types.js';
import { COMPLETIONS_PER_PREFIX, type WordStore } from '../store/word-store.js';

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
  };
}

export function lookupEntry(store: WordStore, query: string): DictionaryEntryResult | null {
  const rec = store.headword(normalizeWord(query.trim()));
  return rec ? formatEntry(rec) : null;
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

// --- spelling variants (include_variants=true)
// The confusions the API groups (issue 3): ि/ी, ु/ू, ं/ँ, श/ष/स, ब/व, halanta.
// Each class folds its letters to one; two headwords are variants when they
// are equal after folding every class.
const VARIANT_CLASSES: { name: string; fold: [RegExp, string] }[] = [
  { name: 'ि/ी', fold: [/[ीई]/g, 'ि'] },
  { name: 'ु/ू', fold: [/[ूऊ]/g, 'ु'] },
  { name: 'ं/ँ', fold: [/ँ/g, 'ं'] },
  { name: 'श/ष/स', fold: [/[शष]/g, 'स'] },
  { name: 'ब/व', fold: [/व/g, 'ब'] },
  { name: '्', fold: [/्/g, ''] },
];
// Short independent vowels fold with their signs' class too.
const PRE_FOLD: [RegExp, string][] = [
  [/इ/g, 'ि'],
  [/उ/g, 'ु'],
];

function foldVariants(word: string, skip?: string): string {
  let w = word;
  for (const [re, to] of PRE_FOLD) w = w.replace(re, to);
  for (const c of VARIANT_CLASSES) if (c.name !== skip) w = w.replace(c.fold[0], c.fold[1]);
  return w;
}

/** The confusion classes in which two variant spellings differ. */
export function variantDifferences(a: string, b: string): string[] {
  return VARIANT_CLASSES.filter((c) => foldVariants(a, c.name) !== foldVariants(b, c.name)).map((c) => c.name);
}

export function lookupVariants(
  store: WordStore,
  query: string,
  confusionKey: (w: string) => string,
): { word: string; entry: DictionaryEntryResult | null; variants: { word: string; differences: string[]; entry: DictionaryEntryResult }[] } {
  const word = normalizeWord(query.trim());
  const rec = store.headword(word);
  const key = foldVariants(word);
  const variants: { word: string; differences: string[]; entry: DictionaryEntryResult }[] = [];
  // The confusion index folds a superset of these classes, so it holds every
  // variant; keep the headwords that are equal under the variant folds only.
  for (const cand of store.formsByConfusionKey(confusionKey(word))) {
    if (cand === word || foldVariants(cand) !== key) continue;
    const crec = store.headword(cand);
    if (!crec) continue;
    const entry = formatEntry(crec);
    if (entry) variants.push({ word: cand, differences: variantDifferences(word, cand), entry });
  }
  return { word, entry: rec ? formatEntry(rec) : null, variants };
}

// --- autocomplete
/** Largest `limit` the suggest endpoint accepts: what the prefix index keeps. */
export const MAX_SUGGEST_LIMIT = COMPLETIONS_PER_PREFIX;

/**
 * Headwords that begin with the prefix: the exact match first, then the order
 * of the prefix index (in more dictionaries first, then attested in real text,
 * then shorter, then alphabetical by code point).
 */
export function suggestWords(store: WordStore, prefix: string, limit: number): string[] {
  const p = normalizeWord(prefix.trim());
  if (!p) return [];
  const list = store.completions(p);
  const out: string[] = [];
  if (store.headword(p)) out.push(p);
  for (const w of list) {
    if (out.length >= limit) break;
    if (w !== p) out.push(w);
  }
  return out.slice(0, limit);
}

// --- example sentences

/** Sentences that use the word or one of its inflected forms, best first, with the forms that matched. */
export function findExamples(store: WordStore, query: string, limit: number): { word: string; forms: string[]; examples: ExampleSentence[] } {
  const word = normalizeWord(query.trim());
  const examples = store.examples(word).slice(0, limit);
  const forms = new Set<string>();
  for (const ex of examples) {
    for (const raw of ex.text.match(DEVANAGARI_WORDS) ?? []) {
      const w = normalizeWord(raw);
      if (w === word || store.form(w)?.analyses.some((a) => a.stem === word)) forms.add(w);
    }
  }
  return { word, forms: [...forms], examples };
}
