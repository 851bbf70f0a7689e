// GET /api/v1/dictionary/word?q=&include_variants=&multi_dict=
// GET /api/v1/dictionary/word/{word}
//
// Both forms answer the same bodies: the plain entry, the grouped
// variants (include_variants=true) or the per-dictionary answer
// (multi_dict=true). Asking for both is refused (400 INVALID_PARAMETER): the
// two bodies answer different questions and a combined body would be a third
// design nobody asked for.

import Type, { type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { QueryBoolean, QueryWord } from './common.js';

export const WordQuery = Type.Object({
  q: QueryWord('The word to look up (Devanagari). Surrounding whitespace is ignored.'),
  include_variants: QueryBoolean('When true, answers the entry together with the entries of its spelling variants.'),
  multi_dict: QueryBoolean('When true, answers one result per dictionary (the entry or null).'),
});
export type WordQuery = Static<typeof WordQuery>;
export const WordQueryCheck = Compile(WordQuery);

/** The path form takes the word from the path and the two flags from the query. */
export const WordPathQuery = Type.Object({
  include_variants: WordQuery.properties.include_variants,
  multi_dict: WordQuery.properties.multi_dict,
});
export type WordPathQuery = Static<typeof WordPathQuery>;
export const WordPathQueryCheck = Compile(WordPathQuery);

export const WordPathParam = QueryWord('The word to look up, percent-encoded UTF-8 (e.g. %E0%A4%98%E0%A4%B0 for घर).');

export const Definition = Type.Object(
  {
    number: Type.String({ description: 'Devanagari numerals with a trailing period: "१.", "२.", ...' }),
    text: Type.String({ description: 'The gloss, then the synonyms, separated by semicolons.' }),
    part_of_speech: Type.Union([Type.String(), Type.Null()], { description: 'Part of speech of this sense (Nepali name), or null.' }),
  },
  { additionalProperties: false },
);
export type Definition = Static<typeof Definition>;

export const LemmaMeanings = Type.Object(
  {
    word: Type.String({ description: 'The headword.' }),
    english: Type.Array(Type.String(), { description: 'Its English meanings, best first (empty when none).' }),
  },
  { additionalProperties: false },
);

export const Pronunciation = Type.Object(
  {
    ipa: Type.String({
      description:
        'IPA, mapped symbol for symbol from the lexicon\'s phonemes, syllables separated by "." (राम्रो: "ram.mro"; the mapping: docs/api.md, "Pronunciation").',
    }),
    roman: Type.String({ description: 'The everyday romanization people type, from the same phonemes (राम्रो: "ramro", इलाम: "ilam").' }),
  },
  { additionalProperties: false, description: 'extra: a pronunciation.' },
);
export type Pronunciation = Static<typeof Pronunciation>;

export const DictionaryEntry = Type.Object(
  {
    word: Type.String({ description: 'The headword.' }),
    part_of_speech: Type.Union([Type.String(), Type.Null()], { description: 'Entry-level part of speech, or null.' }),
    split_definitions: Type.String({
      description:
        'All definitions in one string: one line per definition, "<number> <text>", lines joined with "\\n"; when a sense\'s part of speech differs from the entry\'s, it follows the number in parentheses: "१. ...\\n२. (विशेषण) ...". Empty when the entry has no definitions.',
    }),
    definitions: Type.Array(Definition, { description: 'Ordered senses.' }),
    dictionaries: Type.Array(Type.String(), {
      description:
        'extra: identifiers of the dictionaries that contain the headword (mpp-thesaurus, mpp-hunspell, nls-closed-class, imports), then of the English dictionaries that give it meanings (foss-np-glossary, pavlick-ne-en).',
    }),
    english: Type.Array(Type.String(), {
      description:
        "extra: English meanings, one a string, best first: the curated FOSS Nepal glossary's before the crowdsourced dictionary's (cleaned of romanizations and misspellings). Empty when no English dictionary has the word.",
    }),
    lemmas: Type.Array(LemmaMeanings, {
      description:
        'extra: the headwords with English meanings that the word is an inflected form of (आजको: आज), each with its meanings; empty for a word that is no inflected form of one.',
    }),
    pronunciation: Type.Union([Pronunciation, Type.Null()], {
      description: 'extra: how the word sounds, from the pronunciation lexicon (google-lexicon-ne, CC BY 4.0); null when the lexicon does not have the word.',
    }),
  },
  { additionalProperties: false, description: 'Dictionary entry.' },
);
export type DictionaryEntry = Static<typeof DictionaryEntry>;

export const VariantsResponse = Type.Object(
  {
    word: Type.String({ description: 'The word as queried.' }),
    entry: Type.Union([DictionaryEntry, Type.Null()], { description: 'The entry of the word itself, or null when only variants exist.' }),
    variants: Type.Array(
      Type.Object(
        {
          word: Type.String({ description: 'A headword that differs from the query only by common confusions.' }),
          differences: Type.Array(Type.String(), {
            description: 'Which confusions separate it from the query, e.g. "ि/ी", "ु/ू", "ं/ँ", "श/ष/स", "ब/व", "halanta".',
          }),
          entry: DictionaryEntry,
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, description: 'include_variants=true: the entry and its spelling variants.' },
);
export type VariantsResponse = Static<typeof VariantsResponse>;

export const MultiDictResponse = Type.Object(
  {
    word: Type.String({ description: 'The word as queried.' }),
    results: Type.Array(
      Type.Object(
        {
          dictionary: Type.String({
            description:
              "Dictionary identifier: mpp-thesaurus, mpp-hunspell, nls-closed-class, an imported one, or an English dictionary (foss-np-glossary, pavlick-ne-en: the entry then holds that dictionary's own meanings).",
          }),
          entry: Type.Union([DictionaryEntry, Type.Null()], { description: "That dictionary's entry, or null when it lacks the word." }),
        },
        { additionalProperties: false },
      ),
      { description: 'One item per dictionary served, in a stable order.' },
    ),
  },
  { additionalProperties: false, description: 'multi_dict=true: one result per dictionary.' },
);
export type MultiDictResponse = Static<typeof MultiDictResponse>;

/** Any 200 body of the word look-up. */
export const WordResponse = Type.Union([DictionaryEntry, VariantsResponse, MultiDictResponse]);
