// GET /api/v1/dictionary/examples?q=&limit=
//
// The interface offers example sentences without showing the endpoint
// (4.9). This design sits next to the other dictionary reads, takes the same
// q parameter, and answers the sentences that use the word or one of its
// inflected forms, each with where it comes from.

import Type, { type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { QueryInteger, QueryWord } from './common.js';

export const EXAMPLES_LIMIT_DEFAULT = 5;
export const EXAMPLES_LIMIT_MIN = 1;
export const EXAMPLES_LIMIT_MAX = 20;

export const ExamplesQuery = Type.Object({
  q: QueryWord('The word whose usage is wanted (Devanagari).'),
  limit: QueryInteger('Maximum number of sentences.', EXAMPLES_LIMIT_MIN, EXAMPLES_LIMIT_MAX, EXAMPLES_LIMIT_DEFAULT),
});
export type ExamplesQuery = Static<typeof ExamplesQuery>;
export const ExamplesQueryCheck = Compile(ExamplesQuery);

export const ExampleSentence = Type.Object(
  {
    text: Type.String({ description: 'The sentence.' }),
    source: Type.String({
      description:
        'The id of the source that gave the sentence: "mpp-thesaurus" (the thesaurus\'s usage glosses), "libreoffice-l10n-ne" (the Nepali translation catalogs of LibreOffice), or the id of a dictionary imported with --import.',
    }),
  },
  { additionalProperties: false },
);

export const ExamplesResponse = Type.Object(
  {
    word: Type.String({ description: 'The word as looked up.' }),
    forms: Type.Array(Type.String(), { description: 'The forms the sentences were matched on: the word and its inflections.' }),
    examples: Type.Array(ExampleSentence, {
      maxItems: EXAMPLES_LIMIT_MAX,
      description: 'At most limit sentences; empty when the word is known but no sentence uses it.',
    }),
  },
  { additionalProperties: false, description: 'Example sentences for a word.' },
);
export type ExamplesResponse = Static<typeof ExamplesResponse>;
