// Result shapes the dictionary look-ups return and the HTTP layer serializes. The field
// names are those of ../shared/spec/service-interface.md section 2; fields
// marked "extra" go beyond the spec and are documented in the OpenAPI
// document and the README. The TypeBox schemas in src/schemas/ describe the
// same shapes; test/schemas checks they agree.

/** 2.1 Definition. */
export interface Definition {
  number: string;
  text: string;
  part_of_speech: string | null;
}

/** 2.1 Dictionary entry. */
export interface DictionaryEntryResult {
  word: string;
  part_of_speech: string | null;
  split_definitions: string;
  definitions: Definition[];
  /** extra: identifiers of the dictionaries that contain the headword. */
  dictionaries: string[];
  /** extra: English meanings, best first (curated sources before the crowdsourced one); empty when none. */
  english: string[];
  /** extra: the headwords with English meanings the word is an inflected form of (आजको: आज), each with them; empty for a word that is none. */
  lemmas: LemmaMeanings[];
  /** extra: how the word sounds, from the pronunciation lexicon; null when it does not have the word. */
  pronunciation: Pronunciation | null;
}

/** extra: a headword a word is an inflected form of, with the headword's English meanings. */
export interface LemmaMeanings {
  word: string;
  english: string[];
}

/** A result of the meaning search: a Nepali word and its English meanings, best first. */
export interface EnglishMatch {
  word: string;
  english: string[];
}

/** extra: a word's pronunciation (engine/lang/phonemes.ts): IPA, and the everyday romanization people type. */
export interface Pronunciation {
  ipa: string;
  roman: string;
}
