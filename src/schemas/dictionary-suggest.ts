// GET /api/v1/dictionary/suggest?q=&limit=

import Type, { type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { MAX_SUGGEST_LIMIT } from '../engine/lookup/suggest.js';
import { QueryInteger, QueryWord } from './common.js';

export const SUGGEST_LIMIT_DEFAULT = 10;
export const SUGGEST_LIMIT_MIN = 1;
/** As many as the prefix index keeps for each prefix (50). */
export const SUGGEST_LIMIT_MAX = MAX_SUGGEST_LIMIT;

export const SuggestQuery = Type.Object({
  q: QueryWord('The prefix typed so far. Missing or empty gives 400 MISSING_PARAMETER.'),
  limit: QueryInteger('Maximum number of suggestions.', SUGGEST_LIMIT_MIN, SUGGEST_LIMIT_MAX, SUGGEST_LIMIT_DEFAULT),
});
export type SuggestQuery = Static<typeof SuggestQuery>;
export const SuggestQueryCheck = Compile(SuggestQuery);

export const SuggestResponse = Type.Array(Type.String(), {
  maxItems: SUGGEST_LIMIT_MAX,
  description:
    'Headwords beginning with or matching the prefix, at most limit: the exact match first, then words in a dictionary, then words attested in real text, then shorter before longer.',
});
export type SuggestResponse = Static<typeof SuggestResponse>;
