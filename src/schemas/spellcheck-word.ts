// GET /api/v1/spellcheck/word?word=

import Type, { type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { CategoryField, LEVEL_DESCRIPTION, QueryWord, RuleField, SPELL_LEVEL_VALUES } from './common.js';

export const SpellcheckWordQuery = Type.Object({
  word: QueryWord('One Nepali word. Surrounding whitespace is ignored; whitespace inside gives 400 INVALID_PARAMETER.'),
  level: Type.String({ enum: [...SPELL_LEVEL_VALUES], default: 'standard', description: `${LEVEL_DESCRIPTION} Another value: 400 INVALID_PARAMETER.` }),
});
export type SpellcheckWordQuery = Static<typeof SpellcheckWordQuery>;
export const SpellcheckWordQueryCheck = Compile(SpellcheckWordQuery);

export const SpellcheckWordResponse = Type.Object(
  {
    status: Type.Union([Type.Literal('correct'), Type.Literal('misspelled'), Type.Literal('unknown')]),
    corrections: Type.Union([Type.Array(Type.String()), Type.Null()], {
      description: 'Suggestions, best first, when misspelled; null when correct or unknown.',
    }),
    rule: RuleField(),
    category: Type.Optional(CategoryField()),
  },
  { additionalProperties: false, description: 'Spellcheck word result.' },
);
export type SpellcheckWordResponse = Static<typeof SpellcheckWordResponse>;
