// Schemas shared by several endpoints: the two error body shapes of the
// interface, the limits every endpoint documents, and the
// query-parameter building blocks.
//
// Query parameters arrive as strings; their schemas here describe the value
// after parsing (an integer, a boolean), which is what handlers receive and
// what OpenAPI documents. src/http/query.ts reads `type`, `minimum`,
// `maximum`, `maxLength` and `default` from these same schemas, so a limit is
// written once.

import Type, { type Static, type TSchema } from 'typebox';
import { countWords } from '../engine/lang/text.js';
import { OBLIQUE_GENITIVE_RULE, ORTHOGRAPHY_RULE_IDS, ORTHOGRAPHY_RULES } from '../engine/spell/orthography.js';

/** The API version named in the path and reported by GET /api/v1/health. */
export const API_VERSION = 'v1';

/** Shape B details both POST bodies give for the same mistakes. */
export const BODY_DETAILS = {
  notObject: 'Request body must be a JSON object',
  textNotString: "Field 'text' must be a string",
} as const;

/** The details of a JSON body that cannot be decoded (http/body.ts), before any endpoint's own check. */
export const BODY_DECODE_DETAILS = {
  invalidUtf8: 'Request body is not valid UTF-8',
  empty: 'Request body is empty; expected a JSON object',
  invalidJson: 'Request body is not valid JSON',
} as const;

/** A JSON body's check: the value a handler takes, or the detail (Shape B) of the first problem. */
export type BodyCheck<T> = { ok: true; value: T } | { ok: false; detail: string };

/**
 * How a route's JSON body is checked (the router runs it before the
 * handler): its schema for the OpenAPI document, every detail it can answer
 * (documented from this map, never restated), and the check itself.
 */
export interface BodyValidator<T> {
  schema: TSchema;
  details: Readonly<Record<string, string>>;
  check(body: unknown, countWords: (text: string) => number): BodyCheck<T>;
}

/**
 * Length in code points, as JSON Schema's maxLength counts it (and the
 * interface's character limits): a Devanagari letter is one, an emoji one,
 * not two UTF-16 units.
 */
export function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The optional `rule` field of spellcheck results, with every rule id it can carry. */
export function RuleField() {
  return Type.Optional(
    Type.String({
      description: `extra: the id of the Nepal Academy orthography rule that fired, when one did: ${ORTHOGRAPHY_RULE_IDS.join(', ')}.`,
    }),
  );
}

/** Each orthography rule id with the rule of the standard in a sentence (Nepali), for clients that show why a word was corrected. */
export const ORTHOGRAPHY_RULE_TEXTS: Readonly<Record<string, string>> = Object.fromEntries(
  [OBLIQUE_GENITIVE_RULE, ...ORTHOGRAPHY_RULES].map((r) => [r.id, r.description]),
);

/** Longest word or prefix accepted in a query parameter or in the path (code points). */
export const MAX_QUERY_WORD_CODE_POINTS = 100;
/** Longest raw query string accepted (bytes as sent, before percent-decoding). */
export const MAX_QUERY_STRING_BYTES = 2048;

/** Shape A: a structured error. */
export const ErrorBody = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.String({ description: 'Machine-readable code, e.g. MISSING_PARAMETER.' }),
        message: Type.String({ description: 'Human-readable message.' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'Shape A error body.' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** Shape A for 404 WORD_NOT_FOUND: adds top-level similar_words. */
export const WordNotFoundBody = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.Literal('WORD_NOT_FOUND'),
        message: Type.String({ description: 'Names the word that was looked up.' }),
      },
      { additionalProperties: false },
    ),
    similar_words: Type.Array(Type.String(), {
      maxItems: 5,
      description: 'Up to 5 similar headwords, best first (spellcheck suggester, then prefix index).',
    }),
  },
  { additionalProperties: false, description: 'Shape A error body for an unknown word.' },
);
export type WordNotFoundBody = Static<typeof WordNotFoundBody>;

/** Shape A for 429 RATE_LIMIT_EXCEEDED: adds error.retry_after. */
export const RateLimitBody = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.Literal('RATE_LIMIT_EXCEEDED'),
        message: Type.String(),
        retry_after: Type.Integer({ minimum: 1, description: 'Seconds to wait before the next request is accepted.' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'Shape A error body for a rate-limited request.' },
);
export type RateLimitBody = Static<typeof RateLimitBody>;

/** Shape A for 503 SERVICE_UNAVAILABLE: retry_after (and the Retry-After header) when the service knows how long to wait. */
export const UnavailableBody = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.Literal('SERVICE_UNAVAILABLE'),
        message: Type.String(),
        retry_after: Type.Optional(Type.Integer({ minimum: 1, description: 'Seconds to wait before retrying (overload: the queue ahead).' })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'Shape A error body for an overloaded or stopping service.' },
);
export type UnavailableBody = Static<typeof UnavailableBody>;

/** Shape B: detail only, used for the input errors of the two POST endpoints. */
export const DetailBody = Type.Object(
  { detail: Type.String({ description: 'Human-readable description of what is wrong with the request body.' }) },
  { additionalProperties: false, description: 'Shape B error body.' },
);
export type DetailBody = Static<typeof DetailBody>;

// ---- query-parameter building blocks ------------------------------------

/** A required word-like parameter: trimmed, non-empty, at most 100 code points. */
export function QueryWord(description: string) {
  return Type.String({ minLength: 1, maxLength: MAX_QUERY_WORD_CODE_POINTS, description });
}

/** A boolean parameter written true/false/1/0 (case-insensitive). */
export function QueryBoolean(description: string) {
  return Type.Boolean({ default: false, description: `${description} Accepts true, false, 1 or 0.` });
}

/** An integer parameter with a default and an inclusive range. */
export function QueryInteger(description: string, minimum: number, maximum: number, fallback: number) {
  return Type.Integer({ minimum, maximum, default: fallback, description: `${description} Default ${fallback}, minimum ${minimum}, maximum ${maximum}.` });
}

/** The spellcheck level (engine/spell/results.ts SpellLevel), a body field and a query parameter. */
export const SPELL_LEVEL_VALUES = ['standard', 'lenient'] as const;
export type SpellLevelValue = (typeof SPELL_LEVEL_VALUES)[number];
export const LEVEL_DESCRIPTION =
  'extra: how strict the check is. `standard` (the default) reports everything the Nepal Academy standard settles; `lenient` only what is wrong under any common spelling (typos): a word whose only fault is a spelling the standard settles (vowel length, nasals, halanta, sibling letters, conjuncts, a rule of the standard) is then correct.';

/** A misspelled word's category. */
export function CategoryField() {
  return Type.Union([Type.Literal('typo'), Type.Literal('real-word'), Type.Literal('standard')], {
    description:
      "extra: what kind of misspelling. `standard`: what is wrong is a spelling the Nepal Academy standard settles (a rule fired, or the word and its first correction differ only in vowel length, nasals, halanta, sibling letters or conjuncts; this includes a word of the word list written for its twin in those classes that the thesaurus defines and real text writes at least 1.5 times as often, अस्विकार for अस्वीकार); `typo`: any other edit; `real-word`: a word of the lexicon written for its twin one confusion slip away that real text writes at least 100 times as often (छेत्र for क्षेत्र; never against the standard's own spelling, a word the thesaurus defines or a common word). At level `lenient` only `typo` and `real-word` words are reported.",
  });
}

/** Words as the text limits count them (the spellcheck tokenizer's chunks with a letter or digit): the 1,000-word limits. */
export function limitWords(text: string): number {
  return countWords(text);
}
