// The English meanings as the store keeps them: each word's meanings per
// English dictionary with the headwords it is an inflected form of
// (EnglishRecord), and the meaning search's index (englishKey -> Nepali
// words, ranked).
//
// A word keeps its meanings when the spellchecker accepts it: a headword, a
// form the dictionaries make (आजको), or a word of real text the records
// accept (सेतो, which the thesaurus's definitions use; गर्नुहोस्, which the
// morphology builds). A source's other words are left out: a word only real
// text has may be a misspelling (संबिधान), which no entry should vouch for,
// and a typo on the Nepali side is no word at all.
//
// The index ranks the words under a key as the search answers them:
//   1. the key is a whole meaning of the word ("water" for पानी) before it
//      is one word of a longer meaning ("water pot");
//   2. a headword before an inflected form (खानु before खाने for "eat": the
//      form a learner looks up);
//   3. a word a curated source gives the meaning before one only the crowd
//      gives it (crowd glosses of another sense stay behind);
//   4. the more frequent word (the frequency list's rank; unranked last);
//   5. the meaning's place among the word's meanings, then code points.

import { englishKey, englishKeyWords, MAX_ENGLISH_RESULTS } from '../engine/lookup/english.js';
import { lemmasOf } from '../engine/lookup/lemmas.js';
import { FORM_HEADWORD, type EnglishRecord, type FormRecord } from '../store/types.js';
import type { MeaningMap } from './english.js';

/** One English dictionary as the records take it, in serving order (curated first). */
export interface EnglishInput {
  dictionary: string;
  meanings: MeaningMap;
}

export interface EnglishRecords {
  english: Map<string, EnglishRecord>;
  index: Map<string, string[]>;
  /** Words of the sources the spellchecker does not accept (left out). */
  unknownWords: number;
}

interface Hit {
  word: string;
  /** 0: the key is a whole meaning; 1: one word of a meaning. */
  tier: number;
  headword: boolean;
  /** The first source (serving order) that gives the meaning. */
  source: number;
  rank: number;
  position: number;
}

export function buildEnglishRecords(
  inputs: EnglishInput[],
  forms: ReadonlyMap<string, FormRecord>,
  ranks: ReadonlyMap<string, number>,
  accepted: (word: string) => boolean,
): EnglishRecords {
  const flags = (w: string): number => forms.get(w)?.flags ?? 0;
  const isHeadword = (w: string): boolean => (flags(w) & FORM_HEADWORD) !== 0;
  const english = new Map<string, EnglishRecord>();
  let unknownWords = 0;
  for (const input of inputs) {
    for (const [word, meanings] of input.meanings) {
      if (!accepted(word)) {
        if (!english.has(word)) unknownWords++;
        continue;
      }
      let rec = english.get(word);
      if (!rec) english.set(word, (rec = { sources: [], lemmas: lemmasOf(word, forms.get(word), isHeadword) }));
      rec.sources.push({ dictionary: input.dictionary, meanings: [...meanings] });
    }
  }

  // A lemma is shown for its meanings: one without any (a stray analysis, भिडियो of भिडिनु) is left out.
  for (const rec of english.values()) rec.lemmas = rec.lemmas.filter((l) => english.has(l));

  // --- the meaning search's index: each key's best hit per word, then ranked
  const hits = new Map<string, Map<string, Hit>>();
  const better = (a: Hit, b: Hit): boolean =>
    a.tier - b.tier < 0 || (a.tier === b.tier && (a.source < b.source || (a.source === b.source && a.position < b.position)));
  const add = (key: string, hit: Hit): void => {
    let byWord = hits.get(key);
    if (!byWord) hits.set(key, (byWord = new Map()));
    const old = byWord.get(hit.word);
    if (!old || better(hit, old)) byWord.set(hit.word, hit);
  };
  for (const [word, rec] of english) {
    const headword = isHeadword(word);
    const rank = ranks.get(word) ?? Number.MAX_SAFE_INTEGER;
    const seen = new Map<string, number>();
    rec.sources.forEach((s, source) => {
      for (const m of s.meanings) {
        const key = englishKey(m);
        if (!key) continue;
        if (!seen.has(key)) seen.set(key, seen.size);
        const position = seen.get(key)!;
        add(key, { word, tier: 0, headword, source, rank, position });
        for (const w of englishKeyWords(key)) add(w, { word, tier: 1, headword, source, rank, position });
      }
    });
  }
  const order = (a: Hit, b: Hit): number =>
    a.tier - b.tier ||
    Number(b.headword) - Number(a.headword) ||
    a.source - b.source ||
    a.rank - b.rank ||
    a.position - b.position ||
    (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);
  const index = new Map<string, string[]>();
  for (const [key, byWord] of hits)
    index.set(
      key,
      [...byWord.values()]
        .sort(order)
        .slice(0, MAX_ENGLISH_RESULTS)
        .map((h) => h.word),
    );
  return { english, index, unknownWords };
}
