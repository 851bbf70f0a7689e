// Records shared by the data pipeline (src/build), the stores (src/store) and
// the engines (src/engine). They are what native-data/ holds; the LMDB store
// encodes them with msgpack (lmdb-js's default encoding), the memory store
// keeps them as they are.

/** Identifiers of the dictionaries served by default. Imported JSONL dictionaries add their own. */
export const THESAURUS_DICT = 'mpp-thesaurus';
export const HUNSPELL_DICT = 'mpp-hunspell';
/**
 * The word list of real (news) text the store marks FORM_ATTESTED: the
 * Debian tesseract-ocr-nep word list. Not a dictionary (no definitions,
 * and it holds some misspellings); the romanizer names it as the list that
 * backs a candidate no dictionary has.
 */
export const ATTESTED_WORDLIST = 'tesseract-wordlist';
/**
 * The frequency-ordered word list of web text (Tesseract's langdata
 * nep.wordlist, vendored in data/tesseract-langdata-nep/): the source of
 * WordStore.rank.
 */
export const FREQUENCY_WORDLIST = 'tesseract-langdata-nep';
/** The closed-class words the project lists from Nepali grammar (src/engine/lang/closed-class.ts), with their word class. */
export const CLOSED_CLASS_DICT = 'nls-closed-class';
/**
 * The pronunciation lexicon (data/google-language-resources-ne/lexicon.tsv,
 * Google, CC BY 4.0): words with their phonemes, names, places and
 * loanwords among them. Not a dictionary (no definitions, and not a
 * standard of spelling); it gives headwords their pronunciation and backs
 * the romanization candidates no dictionary has (the store marks its words
 * FORM_PRONOUNCED).
 */
export const PRONUNCIATION_LEXICON = 'google-lexicon-ne';

/** One sense of a headword: a gloss and its synonyms, with the sense's part of speech. */
export interface Sense {
  /** Part of speech as a Nepali name (e.g. "नाम", "विशेषण"), or null when the source does not say. */
  pos: string | null;
  /** The definition text without synonyms; may be empty when the source only lists synonyms. */
  gloss: string;
  synonyms: string[];
}

/** A headword as one dictionary has it. */
export interface DictionaryEntry {
  /** Dictionary identifier, e.g. "mpp-thesaurus". */
  dictionary: string;
  /** Entry-level part of speech (Nepali name), or null. */
  pos: string | null;
  senses: Sense[];
  /** hunspell inflection classes of the stem (affix flag numbers); empty for other dictionaries. */
  classes: number[];
}

/** Everything the store knows about one headword (key: normalized headword). */
export interface HeadwordRecord {
  word: string;
  /** One per dictionary that contains the headword, in a stable order (thesaurus, hunspell, imports). */
  entries: DictionaryEntry[];
  /** The word's phonemes as the pronunciation lexicon gives them (engine/lang/phonemes.ts), when it has the word. */
  pronunciation?: string;
}

/** Bits of FormRecord.flags. */
export const FORM_LEXICON = 1; // produced by a dictionary (hunspell expansion, a headword, an import): spelled correctly
export const FORM_ATTESTED = 2; // seen in real text (tesseract news vocabulary); never by itself "correct"
export const FORM_HEADWORD = 4; // has a HeadwordRecord
/**
 * The build's spellchecker calls the form correct (src/build/verdicts.ts).
 * Every form has a stored verdict: this bit when it is "correct", else a
 * StoredVerdict in the verdicts. Valid only for the spellchecking code that
 * computed it (StoreMeta.verdicts.engine); other code ignores the bit.
 */
export const FORM_CORRECT_VERDICT = 8;
/** The pronunciation lexicon (PRONUNCIATION_LEXICON) has the word: it backs the word as a romanization candidate. */
export const FORM_PRONOUNCED = 16;

/** How a surface form was made: stem + affixes (from the hunspell expansion), or the form itself. */
export interface FormAnalysis {
  stem: string;
  /** The prefix added to the stem ("" when none), e.g. "न". */
  prefix: string;
  /** The suffix added to the stem after stripping ("" when none). */
  suffix: string;
  /** The affix flag (class) that produced it, or null for a bare stem. */
  flag: number | null;
}

/** A vocabulary form (key: normalized form). */
export interface FormRecord {
  flags: number;
  /** Empty for forms that are only attested or only a headword. */
  analyses: FormAnalysis[];
}

/**
 * The spellchecker's answer for a vocabulary form, worked out at build time
 * (src/build/verdicts.ts), for every form it does not call correct (those
 * carry FORM_CORRECT_VERDICT instead): the news list's names, loanwords and
 * misspellings, the dearest words to check (they run the whole candidate
 * search), and the lexicon forms an orthography rule corrects. Valid for
 * the engine that computed it (StoreMeta.verdicts.engine).
 */
export interface StoredVerdict {
  status: 'correct' | 'misspelled' | 'unknown';
  corrections: string[] | null;
  rule?: string;
  /** A real-word error (a lexicon word written for its far commoner twin); other categories follow from the verdict. */
  category?: 'real-word';
}

/**
 * The romanizer's analysis of a roman key (the key a token is looked up
 * by): its candidates, ranked, as the romanizer computed them at build
 * time (src/build/analyses.ts) for the keys typists write as a matter of
 * course. A service thread reads it instead of running the analysis; valid
 * for the engine that computed it (StoreMeta.analyses.engine).
 */
export interface StoredAnalysis {
  /** The romanizer's facts about the token, as bits (engine/roman/stored-analysis.ts). */
  flags: number;
  /** How many of `candidates` the ranking placed; the rest (at most one) is listed after them as a last resort. */
  ranked: number;
  candidates: StoredCandidate[];
}

/** A candidate of a stored analysis: the public fields, and what the text-level rules read. */
export interface StoredCandidate {
  word: string;
  alias: string;
  weight: number;
  definition_rank: number;
  dictionaries: string[];
  kinds: string[];
  /** How the token matched the word (the romanizer's Stage). */
  stage: number;
  headword: boolean;
}

/** A roman alias of a Devanagari word, as stored for romanization. */
export interface AliasRecord {
  word: string;
  alias: string;
  /** How likely a typist writes this alias for this word; higher is likelier. */
  weight: number;
  /** Romanization schemes that produce this alias (e.g. "casual", "iast"). */
  kinds: string[];
}

/** A sentence that shows a word in use. */
export interface ExampleSentence {
  text: string;
  /** Where the sentence comes from: "mpp-thesaurus", "libreoffice-l10n-ne" or an imported dictionary id. */
  source: string;
}

/** A word's English meanings from one English dictionary, best first. */
export interface EnglishMeanings {
  /** The English dictionary's id (src/build/english.ts). */
  dictionary: string;
  meanings: string[];
}

/** What the store knows of a word's English meanings (key: normalized word, a headword or a form a source lists). */
export interface EnglishRecord {
  /** One per English dictionary that has the word, curated first. */
  sources: EnglishMeanings[];
  /** The headwords with English meanings the word is an inflected form of (engine/lookup/lemmas.ts), whose meanings an entry shows beside its own. */
  lemmas: string[];
  /** The word's phonemes from the pronunciation lexicon, for a word no dictionary has as a headword (a headword's are in its HeadwordRecord). */
  pronunciation?: string;
}

/** One data source that went into native-data/. */
export interface SourceInfo {
  name: string;
  version: string;
  license: string;
  files: string[];
}

/** Metadata written by the build. */
export interface StoreMeta {
  schemaVersion: number;
  builtAt: string;
  sources: SourceInfo[];
  /** Dictionary identifiers, in order. */
  dictionaries: string[];
  counts: {
    headwords: number;
    entries: number;
    senses: number;
    forms: number;
    lexiconForms: number;
    attestedForms: number;
    stems: number;
    aliases: number;
    examples: number;
    /** Forms the pronunciation lexicon has (FORM_PRONOUNCED); absent in stores built before it. */
    pronounced?: number;
  };
  /**
   * The Bloom filter: its items are the forms and, when confusionKeys is set (builds since the filter holds them), that many keys
   * of the confusion index, and, when beginnings is set, that many beginnings of forms (store/bloom.ts addBeginning).
   */
  bloom: { bits: number; hashes: number; items: number; falsePositiveRate: number; checksum: string; confusionKeys?: number; beginnings?: number } | null;
  /** The stored spellcheck verdicts: the forms that have one (every form), and the fingerprint of the spellchecking code that computed them (src/engine/spell/fingerprint.ts). */
  verdicts: { words: number; engine: string } | null;
  /**
   * The stored romanization analyses and case-form counts: how many of each (of the keys, those of
   * English words typed as they are: absent before they were stored), and the fingerprint of the
   * engine code that computed them (src/engine/roman/fingerprint.ts).
   */
  analyses: { keys: number; englishKeys?: number; caseForms: number; engine: string } | null;
  /** The English meanings: their dictionaries' ids in serving order (after `dictionaries` in multi_dict), the words that have some, the meaning search's keys. Absent before they existed. */
  english?: { dictionaries: string[]; words: number; keys: number };
}

/** A word of the loanword-skeleton index (StoreRecords.loanSkeletons), with its aliases as typed and their distinct fuzzy keys (engine/roman/keys.ts fuzzyRomanKey). */
export interface SkeletonWord {
  word: string;
  /** Its casual aliases in plain lower-case letters (engine/roman/aliases.ts romanAliases), the likeliest first. */
  aliases: string[];
  fuzzyKeys: string[];
}

/**
 * 7: the pronunciation lexicon's words (FORM_PRONOUNCED, their aliases) and
 * the pronunciation of headwords and of the forms with English meanings; 6: the English meanings (EnglishRecord), the
 * meaning search's index and the examples endpoint's own sentence index
 * (exampleIndex);
 * 5: the loanword skeletons' words with their aliases and fuzzy keys
 * (SkeletonWord); 4: the ranks sub-database (3: the roman_analyses
 * sub-database and StoreMeta.analyses; 2: the verdicts sub-database and
 * StoreMeta.verdicts).
 */
export const STORE_SCHEMA_VERSION = 7;

/**
 * Everything a store holds, as plain maps: src/build/records.ts assembles them;
 * the LMDB writer persists them and the memory store serves them directly (unit
 * tests), so an engine sees the same data on a fixture as in production.
 */
export interface StoreRecords {
  meta: StoreMeta;
  headwords: Map<string, HeadwordRecord>;
  forms: Map<string, FormRecord>;
  /** confusionKey -> lexicon forms and the grammatical forms of real text (see buildRecords), most useful first. */
  confusion: Map<string, string[]>;
  /** prefix -> ranked headwords (at most COMPLETIONS_PER_PREFIX). */
  completions: Map<string, string[]>;
  /** romanKey(alias) -> alias records, best first. */
  aliases: Map<string, AliasRecord[]>;
  /** fuzzyRomanKey(alias) -> alias records, best first, one per word. */
  fuzzyAliases: Map<string, AliasRecord[]>;
  sentences: ExampleSentence[];
  /** normalized word -> indexes into sentences, best first. */
  sentenceIndex: Map<string, number[]>;
  /** normalized word -> the spellchecker's verdict, for the forms it does not call correct (FORM_CORRECT_VERDICT); empty until src/build/verdicts.ts fills it. */
  verdicts: Map<string, StoredVerdict>;
  /** romanKey -> the romanizer's analysis, for the usual casual keys; empty until src/build/analyses.ts fills it. */
  analyses: Map<string, StoredAnalysis>;
  /** normalized word -> how many of its case forms real text has (lang/postpositions.ts CASE_FORM_PROBES), for the words with one or more; empty until src/build/analyses.ts fills it. */
  caseForms: Map<string, number>;
  /**
   * normalized word -> its rank in the frequency word list (FREQUENCY_WORDLIST:
   * 1 is the most frequent; the list's line number, so ranks have gaps where
   * the build dropped a line), for the words the build kept (src/build/frequency.ts).
   */
  ranks: Map<string, number>;
  /**
   * loanSkeleton (engine/roman/keys.ts) of a word's likeliest casual alias ->
   * the words of the news list that have a frequency rank with that skeleton
   * and are no inflected form (a headword, or no form the dictionaries make
   * with an affix or a postposition), most frequent first (at most
   * MAX_SKELETON_WORDS, src/build/records.ts), for skeletons of
   * MIN_SKELETON_CONSONANTS or more, each with its aliases' fuzzy keys: how
   * an English spelling finds the news list's Devanagari spelling of a
   * loanword (stages/loan.ts) without working out any word's aliases.
   */
  loanSkeletons: Map<string, SkeletonWord[]>;
  /**
   * normalized headword -> the JSON of its dictionary entry (spec 2.1, as
   * engine/lookup/entry.ts formats it) in UTF-8, written by the build so a
   * look-up serves bytes; absent in stores built before it (the entry is
   * then formatted per request).
   */
  entryJson?: Map<string, Uint8Array>;
  /** normalized word -> its English meanings (src/build/english-records.ts); absent in stores built before them. */
  english?: Map<string, EnglishRecord>;
  /**
   * normalized word -> indexes into sentences shown as its examples, best first: those of
   * sentenceIndex, the sentences shown only as examples, and those found by the headwords their
   * forms inflect; sentences someone wrote before the thesaurus's definition phrases
   * (src/build/records.ts). Absent in stores built before it.
   */
  exampleIndex?: Map<string, number[]>;
  /** englishKey (engine/lookup/english.ts) of a meaning or a word of one -> the Nepali words, ranked as the meaning search answers them (at most MAX_ENGLISH_RESULTS). */
  englishIndex?: Map<string, string[]>;
}
