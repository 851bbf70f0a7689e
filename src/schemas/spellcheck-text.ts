// POST /api/v1/spellcheck/text
//
// Every problem with the body is answered in Shape B ({"detail": ...}), the
// shape the interface uses for this endpoint's limits, so a client of this
// endpoint reads one error shape for everything it sent wrong.

import Type, { type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  BODY_DETAILS,
  CategoryField,
  codePointLength,
  LEVEL_DESCRIPTION,
  RuleField,
  SPELL_LEVEL_VALUES,
  type BodyCheck,
  type BodyValidator,
} from './common.js';

/** Spellcheck text limit, in Unicode code points of the text as sent. */
export const MAX_TEXT_CHARACTERS = 10_000;
/** Spellcheck text limit, in words as the spellcheck tokenizer counts them. */
export const MAX_TEXT_WORDS = 1_000;

export const SpellcheckTextBody = Type.Object(
  {
    text: Type.String({
      maxLength: MAX_TEXT_CHARACTERS,
      description: `Nepali text to check: at most ${MAX_TEXT_CHARACTERS} characters (Unicode code points) and ${MAX_TEXT_WORDS} words.`,
    }),
    level: Type.Optional(Type.Union([Type.Literal('standard'), Type.Literal('lenient')], { description: LEVEL_DESCRIPTION })),
  },
  { description: 'Unknown fields are ignored.' },
);
export type SpellcheckTextBody = Static<typeof SpellcheckTextBody>;
const CheckBody = Compile(SpellcheckTextBody);

const Occurrence = Type.Object(
  {
    start: Type.Integer({ minimum: 0, description: 'UTF-16 code unit offset of the first character.' }),
    end: Type.Integer({ minimum: 0, description: 'UTF-16 code unit offset after the last character (exclusive).' }),
  },
  { additionalProperties: false },
);

export const MisspelledWord = Type.Object(
  {
    word: Type.String(),
    status: Type.Literal('misspelled'),
    corrections: Type.Array(Type.String(), { description: 'Suggestions, best first.' }),
    occurrences: Type.Array(Occurrence, { description: 'extra: where the word occurs in the text.' }),
    rule: RuleField(),
    category: CategoryField(),
  },
  { additionalProperties: false },
);

export const UnknownWord = Type.Object(
  {
    word: Type.String(),
    status: Type.Literal('unknown'),
    occurrences: Type.Array(Occurrence, { description: 'extra: where the word occurs in the text.' }),
  },
  { additionalProperties: false },
);

export const SpellcheckTextResponse = Type.Object(
  {
    misspelled: Type.Array(MisspelledWord, { description: 'Each distinct misspelled word once, in order of first occurrence; empty when none.' }),
    unknown: Type.Array(UnknownWord, { description: 'Words not in the dictionary and with no correction; empty when none.' }),
  },
  { additionalProperties: false, description: 'Spellcheck text result.' },
);
export type SpellcheckTextResponse = Static<typeof SpellcheckTextResponse>;

export const SPELLCHECK_TEXT_DETAILS = {
  ...BODY_DETAILS,
  textMissing: "Field 'text' is required",
  tooManyCharacters: `Text exceeds ${MAX_TEXT_CHARACTERS} characters`,
  tooManyWords: `Text exceeds ${MAX_TEXT_WORDS} words`,
  levelInvalid: `Field 'level' must be one of: ${SPELL_LEVEL_VALUES.join(', ')}`,
} as const;

/**
 * Validates a parsed JSON body. The compiled schema answers the common case;
 * when it fails, the checks below run in a fixed order so the detail names
 * the first problem in the order a reader would fix them.
 */
export function checkSpellcheckTextBody(body: unknown, countWords: (text: string) => number): BodyCheck<SpellcheckTextBody> {
  if (!CheckBody.Check(body)) {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, detail: SPELLCHECK_TEXT_DETAILS.notObject };
    const text = (body as Record<string, unknown>).text;
    if (text === undefined || text === null) return { ok: false, detail: SPELLCHECK_TEXT_DETAILS.textMissing };
    if (typeof text !== 'string') return { ok: false, detail: SPELLCHECK_TEXT_DETAILS.textNotString };
    if (codePointLength(text) > MAX_TEXT_CHARACTERS) return { ok: false, detail: SPELLCHECK_TEXT_DETAILS.tooManyCharacters };
    const level = (body as Record<string, unknown>).level;
    if (level !== undefined && level !== null && !SPELL_LEVEL_VALUES.includes(level as never))
      return { ok: false, detail: SPELLCHECK_TEXT_DETAILS.levelInvalid };
    // "level": null is the default level, as an absent field.
    if (level === null) return countWords(text) > MAX_TEXT_WORDS ? { ok: false, detail: SPELLCHECK_TEXT_DETAILS.tooManyWords } : { ok: true, value: { text } };
    // The schema and the checks above disagree: a schema edit without a
    // matching check. Say so rather than let it through unchecked.
    return { ok: false, detail: SPELLCHECK_TEXT_DETAILS.notObject };
  }
  if (countWords(body.text) > MAX_TEXT_WORDS) return { ok: false, detail: SPELLCHECK_TEXT_DETAILS.tooManyWords };
  return { ok: true, value: body.level === undefined ? { text: body.text } : { text: body.text, level: body.level } };
}

/** The router's check of the body (BodyValidator). */
export const SpellcheckTextBodyValidator: BodyValidator<SpellcheckTextBody> = {
  schema: SpellcheckTextBody,
  details: SPELLCHECK_TEXT_DETAILS,
  check: checkSpellcheckTextBody,
};
