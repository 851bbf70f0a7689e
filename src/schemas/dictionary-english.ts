// GET /api/v1/dictionary/english?q=&limit=
//
// The search by meaning: an English word or phrase, answered with the
// Nepali words whose English meanings match it, each with its meanings.
// A query with no Latin letter is refused (400 INVALID_PARAMETER): it
// cannot match an English meaning, and a Devanagari word wants
// /dictionary/word.

import Type, { type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { MAX_ENGLISH_RESULTS } from '../engine/lookup/english.js';
import { QueryInteger, QueryWord } from './common.js';

/** The limit's default; its range is 1 to MAX_ENGLISH_RESULTS, as many as the build keeps under a key. */
export const ENGLISH_LIMIT_DEFAULT = 10;

export const EnglishQuery = Type.Object({
  q: QueryWord(
    'An English word or phrase ("water", "to eat", "hunger strike"); case, a leading to/a/an/the and a plural -s do not matter. Must hold a Latin letter.',
  ),
  limit: QueryInteger('Maximum number of words.', 1, MAX_ENGLISH_RESULTS, ENGLISH_LIMIT_DEFAULT),
});
export type EnglishQuery = Static<typeof EnglishQuery>;
export const EnglishQueryCheck = Compile(EnglishQuery);

/** A query must hold a Latin letter to match an English meaning. */
export const LATIN_LETTER = /[A-Za-z]/;

export const EnglishMatch = Type.Object(
  {
    word: Type.String({ description: 'A Nepali word (a headword, or an inflected form a source gives the meaning of).' }),
    english: Type.Array(Type.String(), { description: "All its English meanings, best first (as the dictionary entry's `english`)." }),
  },
  { additionalProperties: false },
);

export const EnglishResponse = Type.Object(
  {
    query: Type.String({ description: 'The query as read: lower-cased, without a leading to/a/an/the or a parenthesised note.' }),
    results: Type.Array(EnglishMatch, {
      maxItems: MAX_ENGLISH_RESULTS,
      description:
        'At most limit words, best first: words with the query as a whole meaning before words with it as one word of a longer meaning, headwords before inflected forms, a meaning of the curated glossary before one only the crowdsourced dictionary gives, then the most frequent word first. Empty when nothing matches.',
    }),
  },
  { additionalProperties: false, description: 'Nepali words by English meaning.' },
);
export type EnglishResponse = Static<typeof EnglishResponse>;
