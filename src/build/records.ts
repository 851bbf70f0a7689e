// Assembles everything the service serves from the imported sources, as plain
// maps. Both stores are made from these records: the LMDB writer
// (src/store/lmdb-writer.ts) persists them, the memory store
// (src/store/memory-store.ts) serves them directly in unit tests. So an
// engine sees the same data on a fixture as in production.

import { confusionKey } from '../engine/spell/confusion.js';
import { Morphology } from '../engine/spell/morphology.js';
import { aksharaCount } from '../engine/lang/letters.js';
import { normalizeWord } from '../engine/lang/normalize.js';
import { DEVANAGARI_WORDS } from '../engine/lang/text.js';
import { editCost } from '../engine/spell/error-model.js';
import { CONFUSION_ONLY } from '../engine/spell/candidates.js';
import { DEFINITION_USES } from '../engine/spell/evidence.js';
import { CASUAL_BASE_WEIGHT, romanAliases } from '../engine/roman/aliases.js';
import { LATIN_SPELLING_KIND, LATIN_SPELLING_WEIGHT, pronunciationAliases } from '../engine/roman/pronunciation.js';
import { postpositionHeadword } from '../engine/roman/inflection.js';
import { fuzzyRomanKey, loanSkeleton, MIN_SKELETON_CONSONANTS, romanKey } from '../engine/roman/keys.js';
import { COMPLETIONS_PER_PREFIX } from '../store/word-store.js';
import { filterFrequencyWords, type FrequencyImport } from './frequency.js';
import { buildEnglishRecords, type EnglishInput } from './english-records.js';
import { lemmasOf } from '../engine/lookup/lemmas.js';
import {
  FORM_ATTESTED,
  FORM_HEADWORD,
  FORM_LEXICON,
  FORM_PRONOUNCED,
  STORE_SCHEMA_VERSION,
  THESAURUS_DICT,
  type AliasRecord,
  type ExampleSentence,
  type FormRecord,
  type HeadwordRecord,
  type Sense,
  type SkeletonWord,
  type SourceInfo,
  type StoreMeta,
  type StoreRecords,
} from '../store/types.js';

export type { StoreRecords };

export interface DictionaryInput {
  id: string;
  entries: { word: string; pos: string | null; senses: Sense[]; classes: number[] }[];
}

export interface FormInput {
  form: string;
  stem: string;
  prefix: string;
  suffix: string;
  flag: number | null;
}

export interface LexiconInput {
  /** In serving order: mpp-thesaurus, mpp-hunspell, then imports. */
  dictionaries: DictionaryInput[];
  /** Forms produced by a dictionary's morphology (the hunspell expansion): all spelled correctly. */
  forms: FormInput[];
  /** Words seen in real text (tesseract news vocabulary): a ranking signal, never "correct" by itself. */
  attested: string[];
  sentences: ExampleSentence[];
  /** Sentences shown as examples only, not read by the engines as a sign of use (src/build/sentences.ts: the prompts). */
  exampleSentences?: ExampleSentence[];
  /** The frequency word list as importFrequencyList read it (src/build/frequency.ts); its second filter, which needs the lexicon, runs here. */
  frequency?: FrequencyImport;
  /** Roman aliases given by an imported dictionary, kept with kind "imported". */
  romanAliases?: { word: string; alias: string }[];
  /** English meanings, one input per English dictionary, curated first (src/build/english.ts). */
  english?: EnglishInput[];
  /** The pronunciation lexicon as src/build/pronunciation-lexicon.ts read it: Devanagari words and Latin spellings with their transcriptions. */
  pronunciations?: { words: ReadonlyMap<string, readonly string[]>; latin: ReadonlyMap<string, readonly string[]> };
  sources: SourceInfo[];
}

/** Caps that keep one key's value small; the lists are ranked before they are cut. */
export const MAX_CONFUSION_FORMS = 64;
export const MAX_ALIAS_RECORDS = 24;
export const MAX_SENTENCES_PER_WORD = 40;
export const MAX_SKELETON_WORDS = 8;
/** An alias in plain lower-case letters, as an English reading is spelled (not an IAST or Harvard-Kyoto one). */
const PLAIN_ALIAS = /^[a-z]+$/;
/** Weight of an alias an imported dictionary states explicitly: above any generated alias. */
export const IMPORTED_ALIAS_WEIGHT = 1000;

/** Thesaurus definitions (sentences of THESAURUS_DICT) that use each word as a word: the spellchecker's definitionsUse count, without the store's cap of 40 example sentences per word. */
function countDefinitionUses(sentences: LexiconInput['sentences']): Map<string, number> {
  const uses = new Map<string, number>();
  const seen = new Set<string>();
  for (const s of sentences) {
    if (s.source !== THESAURUS_DICT) continue;
    const text = s.text.normalize('NFC').trim();
    if (seen.has(text)) continue;
    seen.add(text);
    const words = new Set((text.match(DEVANAGARI_WORDS) ?? []).map((raw) => normalizeWord(raw)));
    for (const w of words) uses.set(w, (uses.get(w) ?? 0) + 1);
  }
  return uses;
}

export function buildRecords(input: LexiconInput, progress: (msg: string) => void = () => {}): StoreRecords {
  const pronounced = input.pronunciations?.words ?? new Map<string, readonly string[]>();
  const { headwords, entries, senses } = headwordRecords(input.dictionaries, pronounced);
  progress(`headwords: ${headwords.size}`);
  const { forms, stems, lexiconForms, attestedForms } = formRecords(input, headwords, pronounced);
  progress(`forms: ${forms.size} (${lexiconForms} lexicon, ${attestedForms} attested, ${pronounced.size} pronounced)`);
  const { confusion, grammatical, ranks } = spellingIndex(input, headwords, forms, progress);
  const completions = completionRecords(headwords, forms, ranks);
  progress(`completion prefixes: ${completions.size}`);
  const { aliases, fuzzyAliases, aliasCount } = aliasRecords(input, forms, pronounced, progress);
  const loanSkeletons = skeletonRecords(forms, ranks);
  progress(`loanword skeletons: ${loanSkeletons.size}`);
  const { sentences, sentenceIndex, exampleIndex } = sentenceRecords(input, forms, ranks);
  progress(`example sentences: ${sentences.length}, indexed words: ${sentenceIndex.size} (for the examples endpoint: ${exampleIndex.size})`);

  // --- English meanings and the meaning search's index
  const acceptedInRealText = new Set(grammatical);
  const meanings = buildEnglishRecords(
    input.english ?? [],
    forms,
    ranks,
    (w) => ((forms.get(w)?.flags ?? 0) & FORM_LEXICON) !== 0 || acceptedInRealText.has(w),
  );
  // An entry of English meanings alone (a form a source lists: भएको, गर्ने) sounds as the lexicon says too.
  for (const [w, rec] of meanings.english) {
    const p = headwords.has(w) ? undefined : pronounced.get(w)?.[0];
    if (p !== undefined) rec.pronunciation = p;
  }
  progress(
    `English meanings: ${meanings.english.size} words (${meanings.unknownWords} words of the sources the spellchecker does not accept left out), ${meanings.index.size} search keys`,
  );

  const meta: StoreMeta = {
    schemaVersion: STORE_SCHEMA_VERSION,
    builtAt: new Date().toISOString(),
    sources: input.sources,
    dictionaries: input.dictionaries.map((d) => d.id),
    counts: {
      headwords: headwords.size,
      entries,
      senses,
      forms: forms.size,
      lexiconForms,
      attestedForms,
      stems: stems.size,
      aliases: aliasCount,
      examples: sentences.length,
      pronounced: pronounced.size,
    },
    bloom: null,
    verdicts: null,
    analyses: null,
    english: { dictionaries: (input.english ?? []).map((e) => e.dictionary), words: meanings.english.size, keys: meanings.index.size },
  };
  return {
    meta,
    headwords,
    forms,
    confusion,
    completions,
    aliases,
    fuzzyAliases,
    sentences,
    sentenceIndex,
    verdicts: new Map(),
    analyses: new Map(),
    caseForms: new Map(),
    ranks,
    loanSkeletons,
    english: meanings.english,
    englishIndex: meanings.index,
    exampleIndex,
  };
}

/** One record per normalized word, one entry per dictionary; the pronunciation lexicon's phonemes on the headwords it has. */
function headwordRecords(
  dictionaries: DictionaryInput[],
  pronounced: ReadonlyMap<string, readonly string[]>,
): { headwords: Map<string, HeadwordRecord>; entries: number; senses: number } {
  const headwords = new Map<string, HeadwordRecord>();
  let senses = 0;
  let entries = 0;
  for (const dict of dictionaries) {
    for (const e of dict.entries) {
      const word = normalizeWord(e.word.trim());
      if (!word) continue;
      let rec = headwords.get(word);
      if (!rec) headwords.set(word, (rec = { word, entries: [] }));
      const existing = rec.entries.find((x) => x.dictionary === dict.id);
      if (existing) {
        existing.senses.push(...e.senses);
        for (const c of e.classes) if (!existing.classes.includes(c)) existing.classes.push(c);
        existing.pos ??= e.pos;
      } else {
        rec.entries.push({ dictionary: dict.id, pos: e.pos, senses: [...e.senses], classes: [...e.classes] });
        entries++;
      }
      senses += e.senses.length;
    }
  }
  for (const [w, rec] of headwords) {
    const p = pronounced.get(w)?.[0];
    if (p !== undefined) rec.pronunciation = p;
  }
  return { headwords, entries, senses };
}

/** The forms: the lexicon's (dictionary-made, with their analyses), real text's (attested) and the pronunciation lexicon's. */
function formRecords(
  input: LexiconInput,
  headwords: ReadonlyMap<string, HeadwordRecord>,
  pronounced: ReadonlyMap<string, readonly string[]>,
): { forms: Map<string, FormRecord>; stems: Set<string>; lexiconForms: number; attestedForms: number } {
  const forms = new Map<string, FormRecord>();
  const formRecord = (w: string): FormRecord => {
    let r = forms.get(w);
    if (!r) forms.set(w, (r = { flags: 0, analyses: [] }));
    return r;
  };
  for (const w of headwords.keys()) formRecord(w).flags |= FORM_LEXICON | FORM_HEADWORD;
  const stems = new Set<string>();
  for (const f of input.forms) {
    const w = normalizeWord(f.form);
    if (!w) continue;
    const stem = normalizeWord(f.stem);
    stems.add(stem);
    const r = formRecord(w);
    r.flags |= FORM_LEXICON;
    if (!r.analyses.some((a) => a.stem === stem && a.prefix === f.prefix && a.suffix === f.suffix && a.flag === f.flag)) {
      r.analyses.push({ stem, prefix: f.prefix, suffix: f.suffix, flag: f.flag });
    }
  }
  let attestedForms = 0;
  for (const a of input.attested) {
    const w = normalizeWord(a);
    if (!w) continue;
    const r = formRecord(w);
    if (!(r.flags & FORM_ATTESTED)) attestedForms++;
    r.flags |= FORM_ATTESTED;
  }
  for (const w of pronounced.keys()) formRecord(w).flags |= FORM_PRONOUNCED;
  let lexiconForms = 0;
  for (const r of forms.values()) if (r.flags & FORM_LEXICON) lexiconForms++;
  return { forms, stems, lexiconForms, attestedForms };
}

/**
 * The confusion index over the lexicon's forms and the grammatical forms of
 * real text (the spellchecker's candidates), and the frequency ranks of the
 * list's words the lexicon, its morphology or Devanagari structure support.
 */
function spellingIndex(
  input: LexiconInput,
  headwords: ReadonlyMap<string, HeadwordRecord>,
  forms: ReadonlyMap<string, FormRecord>,
  progress: (msg: string) => void,
): { confusion: Map<string, string[]>; grammatical: string[]; ranks: Map<string, number> } {
  const usefulness = usefulnessIn(forms);
  const confusion = new Map<string, string[]>();
  const index = (w: string): void => {
    const key = confusionKey(w);
    const list = confusion.get(key);
    if (list) list.push(w);
    else confusion.set(key, [w]);
  };
  for (const [w, r] of forms) if (r.flags & FORM_LEXICON) index(w);
  // A word of real text that the spellchecker's morphology builds from
  // lexicon pieces (गर्नुहोस्, उनीहरूलाई, बसिरहेका) is a correct word no
  // dictionary lists. Indexed too, so that it can be offered as a
  // correction (गर्नुहोस -> गर्नुहोस्), after the lexicon forms of the same
  // distance (src/engine/spell/candidates.ts); judged against the lexicon-only index.
  const ranks = new Map<string, number>();
  const morph = new Morphology({
    form: (w) => forms.get(w),
    formFlags: (w) => forms.get(w)?.flags,
    headword: (w) => headwords.get(w),
    mayBeForm: (w) => forms.has(w),
    mayBeFormJoined: (a, b, c = '') => forms.has(a + b + c),
    formsByConfusionKey: (k) => confusion.get(k) ?? [],
    rank: (w) => ranks.get(w),
  });
  // Words of real text the thesaurus's definitions use (पिरो, सेतो), which
  // the spellchecker accepts when no lexicon word is a confusion slip away
  // (the spellchecker's definitionsUse): the lexicographers' spelling, indexed
  // too, so that पीरो is corrected to पिरो. (Words accepted by word
  // formation alone are not: समृद्ध + ई would then "correct" समृद्धि.)
  const definitionUses = countDefinitionUses(input.sentences);
  const lexiconSlip = (w: string): boolean => (confusion.get(confusionKey(w)) ?? []).some((x) => x !== w && editCost(w, x, CONFUSION_ONLY) <= CONFUSION_ONLY);
  const grammatical: string[] = [];
  let accepted = 0;
  for (const [w, r] of forms) {
    if (r.flags & FORM_LEXICON || !(r.flags & FORM_ATTESTED)) continue;
    // A base of one akshara (स+भर, य+को) is too short to vouch for a word.
    const a = morph.analyse(w);
    if (a && aksharaCount(a.base) >= 2) grammatical.push(w);
    else if ((definitionUses.get(w) ?? 0) >= DEFINITION_USES && !lexiconSlip(w)) {
      grammatical.push(w);
      accepted++;
    }
  }
  for (const w of grammatical) index(w);
  progress(`words of real text the spellchecker accepts, indexed for corrections: ${grammatical.length} (${accepted} by the definitions' use)`);

  // --- frequency ranks: the list's words less what neither the lexicon nor its morphology nor Devanagari structure supports
  if (input.frequency) {
    filterFrequencyWords(
      input.frequency,
      (w) => ((forms.get(w)?.flags ?? 0) & FORM_LEXICON) !== 0,
      (w) => morph.analyse(w) !== null,
    );
    for (const [w, r] of input.frequency.ranks) ranks.set(w, r);
    const { lines, kept, dropped } = input.frequency.report;
    progress(`frequency ranks: ${kept} of ${lines} lines kept; dropped ${JSON.stringify(dropped)}`);
  }
  for (const [key, list] of confusion) {
    if (list.length > 1) {
      list.sort((a, b) => usefulness(b) - usefulness(a) || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
      if (list.length > MAX_CONFUSION_FORMS) confusion.set(key, list.slice(0, MAX_CONFUSION_FORMS));
    }
  }
  progress(`confusion keys: ${confusion.size}`);
  return { confusion, grammatical, ranks };
}

/** Completions: headwords ranked once (the frequency list's rank, then dictionaries, attested, length), then dealt to their prefixes. */
function completionRecords(
  headwords: ReadonlyMap<string, HeadwordRecord>,
  forms: ReadonlyMap<string, FormRecord>,
  ranks: ReadonlyMap<string, number>,
): Map<string, string[]> {
  const usefulness = usefulnessIn(forms);
  const NO_RANK = Number.MAX_SAFE_INTEGER;
  const ranked = [...headwords.values()].sort(
    (a, b) =>
      (ranks.get(a.word) ?? NO_RANK) - (ranks.get(b.word) ?? NO_RANK) ||
      b.entries.length - a.entries.length ||
      usefulness(b.word) - usefulness(a.word) ||
      a.word.length - b.word.length ||
      (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
  );
  const completions = new Map<string, string[]>();
  for (const h of ranked) {
    const cps = [...h.word];
    let prefix = '';
    for (const cp of cps) {
      prefix += cp;
      const list = completions.get(prefix);
      if (!list) completions.set(prefix, [h.word]);
      else if (list.length < COMPLETIONS_PER_PREFIX) list.push(h.word);
    }
  }
  return completions;
}

/** The roman aliases of every headword, every word seen in real text and every word of the pronunciation lexicon, by key and by fuzzy key. */
function aliasRecords(
  input: LexiconInput,
  forms: ReadonlyMap<string, FormRecord>,
  pronounced: ReadonlyMap<string, readonly string[]>,
  progress: (msg: string) => void,
): { aliases: Map<string, AliasRecord[]>; fuzzyAliases: Map<string, AliasRecord[]>; aliasCount: number } {
  const aliases = new Map<string, AliasRecord[]>();
  const fuzzyAliases = new Map<string, AliasRecord[]>();
  const addAlias = (rec: AliasRecord): void => {
    const key = romanKey(rec.alias);
    if (!key) return;
    const list = aliases.get(key);
    if (!list) aliases.set(key, [rec]);
    else {
      const same = list.find((x) => x.word === rec.word);
      if (!same) list.push(rec);
      else {
        // One record per (key, word): keep the best weight and all schemes that produce it.
        if (rec.weight > same.weight) {
          same.weight = rec.weight;
          same.alias = rec.alias;
        }
        for (const k of rec.kinds) if (!same.kinds.includes(k)) same.kinds.push(k);
      }
    }
    const fkey = fuzzyRomanKey(rec.alias);
    if (!fkey) return;
    const flist = fuzzyAliases.get(fkey);
    if (!flist) fuzzyAliases.set(fkey, [{ ...rec, kinds: [...rec.kinds] }]);
    else {
      const same = flist.find((x) => x.word === rec.word);
      if (!same) flist.push({ ...rec, kinds: [...rec.kinds] });
      else if (rec.weight > same.weight) {
        same.weight = rec.weight;
        same.alias = rec.alias;
        same.kinds = [...rec.kinds];
      }
    }
  };
  let aliasWords = 0;
  for (const [w, r] of forms) {
    // Headwords, every word real text uses (attested): its frequent
    // inflected forms, and the names, places and loanwords no dictionary
    // has; and every word of the pronunciation lexicon, also as it sounds.
    if (!(r.flags & (FORM_HEADWORD | FORM_ATTESTED | FORM_PRONOUNCED))) continue;
    aliasWords++;
    // A word only the pronunciation lexicon has keeps the spellings typists use as a matter of course (and
    // those of its sound, below): its dearer and scientific spellings are priced when the reverse spelling
    // stage reaches it, which costs 5 of 48,629 sentence words and spares a sixth of the alias keys.
    const usualOnly = (r.flags & (FORM_HEADWORD | FORM_ATTESTED)) === 0;
    for (const a of romanAliases(w)) {
      if (usualOnly && !(a.weight >= CASUAL_BASE_WEIGHT && a.kinds.includes('casual'))) continue;
      addAlias({ word: w, alias: a.alias, weight: a.weight, kinds: [...a.kinds] });
    }
    for (const p of pronounced.get(w) ?? [])
      for (const a of pronunciationAliases(w, p)) addAlias({ word: w, alias: a.alias, weight: a.weight, kinds: [...a.kinds] });
  }
  // A Latin spelling of the lexicon is an alias of the words with its phonemes (laptop: ल्यापटप, ल्याप्टप).
  const byPhonemes = new Map<string, string[]>();
  for (const [w, ps] of pronounced) {
    for (const p of ps) {
      const list = byPhonemes.get(p);
      if (list) list.push(w);
      else byPhonemes.set(p, [w]);
    }
  }
  let latinLinked = 0;
  for (const [spelling, ps] of input.pronunciations?.latin ?? []) {
    const words = new Set(ps.flatMap((p) => byPhonemes.get(p) ?? []));
    if (words.size > 0) latinLinked++;
    for (const w of words) addAlias({ word: w, alias: spelling, weight: LATIN_SPELLING_WEIGHT, kinds: [LATIN_SPELLING_KIND] });
  }
  for (const ra of input.romanAliases ?? []) {
    const w = normalizeWord(ra.word);
    if (w && ra.alias.trim()) addAlias({ word: w, alias: ra.alias.trim(), weight: IMPORTED_ALIAS_WEIGHT, kinds: ['imported'] });
  }
  const usefulness = usefulnessIn(forms);
  const byAliasRank = (a: AliasRecord, b: AliasRecord): number =>
    b.weight - a.weight || usefulness(b.word) - usefulness(a.word) || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);
  let aliasCount = 0;
  for (const map of [aliases, fuzzyAliases]) {
    for (const [key, list] of map) {
      list.sort(byAliasRank);
      if (list.length > MAX_ALIAS_RECORDS) map.set(key, list.slice(0, MAX_ALIAS_RECORDS));
      if (map === aliases) aliasCount += Math.min(list.length, MAX_ALIAS_RECORDS);
    }
  }
  progress(
    `roman aliases: ${aliasCount} under ${aliases.size} keys for ${aliasWords} words; fuzzy keys: ${fuzzyAliases.size}; Latin spellings of the pronunciation lexicon linked to a word: ${latinLinked} of ${input.pronunciations?.latin.size ?? 0}`,
  );
  return { aliases, fuzzyAliases, aliasCount };
}

// The loanword skeletons: the news list's ranked words, by the consonant skeleton of their likeliest alias
// (dictionary words too: many loanwords are in hunspell-ne, क्यामेरा, ग्यालरी), each with its aliases and
// their fuzzy keys, so that the romanizer compares an English reading's vowels without working out
// aliases. No inflected form: a loanword is typed as its stem (cycle: not शाखाले).
function skeletonRecords(forms: ReadonlyMap<string, FormRecord>, ranks: ReadonlyMap<string, number>): Map<string, SkeletonWord[]> {
  const loanSkeletons = new Map<string, SkeletonWord[]>();
  const isHeadword = headwordIn(forms);
  for (const w of ranks.keys()) {
    const form = forms.get(w);
    if (!form || !(form.flags & FORM_ATTESTED)) continue;
    if (!isHeadword(w) && (form.analyses.some((a) => a.suffix !== '' || a.prefix !== '') || postpositionHeadword(w, isHeadword) !== null)) continue;
    const wordAliases = romanAliases(w);
    const alias = wordAliases[0]?.alias;
    if (!alias) continue;
    const key = loanSkeleton(alias);
    if (key.replace('_', '').length < MIN_SKELETON_CONSONANTS) continue;
    const list = loanSkeletons.get(key);
    if (list && list.length >= MAX_SKELETON_WORDS) continue;
    const entry: SkeletonWord = {
      word: w,
      aliases: [...new Set(wordAliases.map((a) => a.alias).filter((a) => PLAIN_ALIAS.test(a)))],
      fuzzyKeys: [...new Set(wordAliases.map((a) => fuzzyRomanKey(a.alias)))],
    };
    // ranks iterate in rank order: each list is most frequent first
    if (!list) loanSkeletons.set(key, [entry]);
    else list.push(entry);
  }
  return loanSkeletons;
}

// Example sentences: every word of every sentence indexed, twice. The engines read the
// sentences of `input.sentences` as a sign of how much real text uses a word (the romanizer's
// attestation, the spellchecker's definitions' use): sentenceIndex finds them by their words
// and the stems these inflect, readable and everyday sentences first. The examples endpoint
// shows those and `input.exampleSentences` (the prompts, whose topics, births, districts and
// kings, would tilt those signs: sahi read शाही, not सही): exampleIndex finds them by the
// headwords their forms inflect too (गरेको for गर्नु), sentences someone wrote before the
// thesaurus's definition phrases (fragments that use a word, not sentences).
function sentenceRecords(
  input: LexiconInput,
  forms: ReadonlyMap<string, FormRecord>,
  ranks: ReadonlyMap<string, number>,
): { sentences: ExampleSentence[]; sentenceIndex: Map<string, number[]>; exampleIndex: Map<string, number[]> } {
  const isHeadword = headwordIn(forms);
  const sentences: ExampleSentence[] = [];
  const counted: boolean[] = [];
  const seenSentence = new Set<string>();
  for (const [list, engines] of [
    [input.sentences, true],
    [input.exampleSentences ?? [], false],
  ] as const) {
    for (const s of list) {
      const text = s.text.normalize('NFC').trim();
      if (!text || seenSentence.has(text)) continue;
      seenSentence.add(text);
      sentences.push({ text, source: s.source });
      counted.push(engines);
    }
  }
  const sentenceIndex = new Map<string, number[]>();
  const exampleIndex = new Map<string, number[]>();
  const indexUnder = (index: Map<string, number[]>, key: string, i: number): void => {
    const list = index.get(key);
    if (list) list.push(i);
    else index.set(key, [i]);
  };
  const wordCount: number[] = [];
  // How everyday a sentence's words are: the mean of log2 of their frequency ranks, a word
  // the list lacks counting as twice the last rank (all equal when there is no list).
  let lastRank = 1;
  for (const r of ranks.values()) if (r > lastRank) lastRank = r;
  const rarity = (w: string): number => Math.log2(ranks.get(w) ?? 2 * lastRank);
  const familiarity: number[] = [];
  sentences.forEach((s, i) => {
    const words = new Set<string>();
    const lemmas = new Set<string>();
    const raws = s.text.match(DEVANAGARI_WORDS) ?? [];
    wordCount.push(raws.length);
    let rare = 0;
    for (const raw of raws) {
      const w = normalizeWord(raw);
      rare += rarity(w);
      words.add(w);
      const form = forms.get(w);
      for (const a of form?.analyses ?? []) words.add(a.stem);
      for (const lemma of lemmasOf(w, form, isHeadword)) lemmas.add(lemma);
    }
    familiarity.push(raws.length > 0 ? rare / raws.length : 0);
    for (const w of words) {
      if (counted[i]) indexUnder(sentenceIndex, w, i);
      indexUnder(exampleIndex, w, i);
    }
    for (const w of lemmas) if (!words.has(w)) indexUnder(exampleIndex, w, i);
  });
  // Best first: sentences of a readable length (4 to 20 words) before others, then the sentences
  // of more everyday words (familiarity, from the frequency ranks), then shorter first.
  const readable = (i: number): number => (wordCount[i]! >= 4 && wordCount[i]! <= 20 ? 0 : 1);
  const byReadability = (a: number, b: number): number =>
    readable(a) - readable(b) || familiarity[a]! - familiarity[b]! || sentences[a]!.text.length - sentences[b]!.text.length || a - b;
  const fragment = (i: number): number => (sentences[i]!.source === THESAURUS_DICT ? 1 : 0);
  for (const [index, order] of [
    [sentenceIndex, byReadability],
    [exampleIndex, (a: number, b: number) => fragment(a) - fragment(b) || byReadability(a, b)],
  ] as const) {
    for (const [w, list] of index) {
      list.sort(order);
      if (list.length > MAX_SENTENCES_PER_WORD) index.set(w, list.slice(0, MAX_SENTENCES_PER_WORD));
    }
  }
  return { sentences, sentenceIndex, exampleIndex };
}

/** Whether a word is a headword, read from its form's flags. */
function headwordIn(forms: ReadonlyMap<string, FormRecord>): (w: string) => boolean {
  return (w) => ((forms.get(w)?.flags ?? 0) & FORM_HEADWORD) !== 0;
}

/** How useful a form is as a candidate: a headword counts 2, a word of real text 1. */
function usefulnessIn(forms: ReadonlyMap<string, FormRecord>): (w: string) => number {
  return (w) => {
    const f = forms.get(w)!.flags;
    return (f & FORM_HEADWORD ? 2 : 0) + (f & FORM_ATTESTED ? 1 : 0);
  };
}
