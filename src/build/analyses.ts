// Build step: the romanizer's analysis of every usual casual key, stored
// with the records.
//
// A text the service has never seen is mostly words typed the usual way:
// keys that are a casual spelling of some word of the lists of cost 0 or 1
// (ghar, garchha, nepalko; naam, the long vowel marked), about three fifths
// of the alias index. Analysing one is
// the dearest part of a new text (its exact, reverse-spelling, split and
// fuzzy stages, its candidates' facts and spellcheck verdicts, the
// ranking); worked out once here, a service thread answers it with one
// store read (Romanizer's storedAnalyses option). The analyses are those of
// the code that computed them (engine/lang, engine/spell and engine/roman):
// its fingerprint goes into the metadata, and a thread whose code differs
// ignores them (src/engine/roman/fingerprint.ts).
//
// Words of an English word list typed as they are (school, cancer,
// gradient, mitochondrial) are analysed too: romanized text is full of
// them, and each one otherwise runs every stage (the loan stage's
// readings, the reverse spelling, the compounds), often to find nothing,
// which is an answer worth storing too.

import { casualWeight } from '../engine/roman/aliases.js';
import { analysisFingerprint } from '../engine/roman/fingerprint.js';
import { CASUAL_TYPED, romanKey } from '../engine/roman/keys.js';
import { Romanizer } from '../engine/roman/romanizer.js';
import { verdictFingerprint } from '../engine/spell/fingerprint.js';
import { Spellchecker } from '../engine/spell/spellchecker.js';
import { CachePlan } from '../engine/lang/budget-cache.js';
import { CASE_FORM_PROBES } from '../engine/lang/postpositions.js';
import { MemoryStore } from '../store/memory-store.js';
import { FORM_ATTESTED, type AliasRecord, type StoreRecords } from '../store/types.js';

/** The caches while analysing: big enough that the spellchecker's verdicts on every candidate word stay (a quarter is its results' share). */
const BUILD_CACHE_BYTES = 512 * 2 ** 20;

/** The weight of a casual spelling of cost 1 (aliases.ts casualWeight). */
const USUAL_CASUAL_WEIGHT = casualWeight(1);

/**
 * A key is analysed at build time when one of its words is typed so as a
 * matter of course or with one common simplification: a casual spelling of
 * cost 0 or 1 (USUAL_CASUAL_WEIGHT or more).
 */
export function isUsualCasualKey(key: string, records: AliasRecord[]): boolean {
  return CASUAL_TYPED.test(key) && records.some((r) => r.weight >= USUAL_CASUAL_WEIGHT && r.kinds.includes('casual'));
}

/** The keys of the English words (lower-cased) typed as they are: those the romanizer reads stored analyses for (CASUAL_TYPED). */
export function englishWordKeys(words: Iterable<string>): Set<string> {
  const keys = new Set<string>();
  for (const w of words) {
    const key = romanKey(w);
    if (key === w && CASUAL_TYPED.test(key)) keys.add(key);
  }
  return keys;
}

/**
 * Fills records.analyses and records.caseForms (and records.meta.analyses)
 * from a romanizer over the records themselves: the usual casual keys,
 * and the keys of `englishWords` (lower-cased English words) that are no
 * usual casual key.
 */
export function computeAnalyses(records: StoreRecords, englishWords: Iterable<string> = []): void {
  countCaseForms(records);
  records.analyses.clear();
  // No analyses yet in the store the romanizer reads, so every one is worked out; the
  // verdicts are there when computeVerdicts ran, by this same code.
  const store = new MemoryStore(records);
  const spell = new Spellchecker(store, { caches: new CachePlan(BUILD_CACHE_BYTES), storedVerdicts: records.meta.verdicts?.engine === verdictFingerprint() });
  const roman = new Romanizer(store, spell);
  // In key order: neighbouring keys share stems, endings and candidates, which the caches keep.
  const usual = new Set([...records.aliases].filter(([key, recs]) => isUsualCasualKey(key, recs)).map(([key]) => key));
  const english = [...englishWordKeys(englishWords)].filter((key) => !usual.has(key));
  const keys = [...usual, ...english].sort();
  for (const key of keys) records.analyses.set(key, roman.storableAnalysis(key));
  records.meta.analyses = { keys: records.analyses.size, englishKeys: english.length, caseForms: records.caseForms.size, engine: analysisFingerprint() };
}

/**
 * How many of each word's case forms (CASE_FORM_PROBES: घरमा, घरको, घरहरू...)
 * the news list has, for every word with one or more: what the romanizer's
 * ranking reads of a candidate (WordFacts.caseForms) and the spellchecker
 * counts with 13 look-ups (Spellchecker.caseForms), one read instead.
 */
export function countCaseForms(records: StoreRecords): void {
  records.caseForms.clear();
  for (const [form, r] of records.forms) {
    if ((r.flags & FORM_ATTESTED) === 0) continue;
    for (const p of CASE_FORM_PROBES) {
      if (form.length <= p.length || !form.endsWith(p)) continue;
      const word = form.slice(0, form.length - p.length);
      records.caseForms.set(word, (records.caseForms.get(word) ?? 0) + 1);
    }
  }
}
