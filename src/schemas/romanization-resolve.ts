// POST /api/v1/romanization/resolve
//
// Like spellcheck text, every problem with the body is answered in Shape B,
// the shape the interface uses for this endpoint's "neither text nor tokens"
// check. A field sent as null counts as absent (many JSON clients serialize
// unset fields as null).

import Type, { type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { CONTEXT_SUMMARY, DEFAULT_MAX_CANDIDATES, MAX_MAX_CANDIDATES, MIN_MAX_CANDIDATES, RANKING_SUMMARY } from '../engine/roman/romanizer.js';
import { tokenizeRoman } from '../engine/roman/tokenize.js';
import { BODY_DETAILS, codePointLength, MAX_QUERY_WORD_CODE_POINTS, type BodyCheck, type BodyValidator } from './common.js';
import { ATTESTED_WORDLIST } from '../store/types.js';

export const MAX_ROMAN_TEXT_CHARACTERS = 10_000;
export const MAX_ROMAN_TOKENS = 1_000;
/** A text's limits: words as the spellcheck counts them (the spec's 1,000), and tokens, which a word can hold several of ("a.b.c"). */
export const MAX_ROMAN_TEXT_WORDS = 1_000;
export const MAX_ROMAN_TEXT_TOKENS = 2_000;
export const MAX_ROMAN_TOKEN_CHARACTERS = MAX_QUERY_WORD_CODE_POINTS;
export const MAX_CANDIDATES_DEFAULT = DEFAULT_MAX_CANDIDATES;
export const MAX_CANDIDATES_MIN = MIN_MAX_CANDIDATES;
export const MAX_CANDIDATES_MAX = MAX_MAX_CANDIDATES;

export const RomanizationBody = Type.Object(
  {
    text: Type.Optional(
      Type.String({
        maxLength: MAX_ROMAN_TEXT_CHARACTERS,
        description: `Romanized text, at most ${MAX_ROMAN_TEXT_CHARACTERS} characters (code points), ${MAX_ROMAN_TEXT_WORDS} words (whitespace-separated chunks with a letter or digit, as spellcheck counts them) and ${MAX_ROMAN_TEXT_TOKENS} tokens (what the answer lists: words, numbers, addresses; "a.b" is two). Punctuation and whitespace are preserved.`,
      }),
    ),
    tokens: Type.Optional(
      Type.Array(Type.String({ maxLength: MAX_ROMAN_TOKEN_CHARACTERS }), {
        maxItems: MAX_ROMAN_TOKENS,
        description: `Roman tokens resolved directly: at most ${MAX_ROMAN_TOKENS}, each at most ${MAX_ROMAN_TOKEN_CHARACTERS} characters.`,
      }),
    ),
    max_candidates: Type.Optional(
      Type.Integer({
        minimum: MAX_CANDIDATES_MIN,
        maximum: MAX_CANDIDATES_MAX,
        default: MAX_CANDIDATES_DEFAULT,
        description: `Maximum candidates per token. Default ${MAX_CANDIDATES_DEFAULT}, minimum ${MAX_CANDIDATES_MIN}, maximum ${MAX_CANDIDATES_MAX}.`,
      }),
    ),
  },
  {
    description:
      'Exactly one of text or tokens. Neither: 400 {"detail": "Provide either \'text\' or \'tokens\'"}. Both: 400 {"detail": "Provide either \'text\' or \'tokens\', not both"}. null counts as absent; unknown fields are ignored.',
  },
);
export type RomanizationBody = Static<typeof RomanizationBody>;
const CheckBody = Compile(RomanizationBody);

export const RomanCandidate = Type.Object(
  {
    word: Type.String({ description: 'Devanagari headword.' }),
    alias: Type.String({ description: 'The roman alias that matched.' }),
    weight: Type.Integer({ description: 'Alias weight.' }),
    definition_rank: Type.Integer({ description: "Rank value of the headword's definitions." }),
    dictionaries: Type.Array(Type.String(), {
      description: `Dictionaries that contain the headword (for an inflected form, those of its stem); ["${ATTESTED_WORDLIST}"] for a word no dictionary has that the news word list does (a name, a place, a loanword).`,
    }),
    kinds: Type.Array(Type.String(), {
      description:
        'Romanization schemes that produce the alias: casual, iast, iso15919, harvard-kyoto, itrans; english for a loanword typed the English way (file, read fail: फाइल) or a lower-case initialism read letter by letter (kc: केसी); imported for an alias an imported dictionary states.',
    }),
  },
  { additionalProperties: false },
);

export const RomanToken = Type.Object(
  {
    token: Type.String({ description: 'The original roman token.' }),
    converted: Type.String({ description: 'The selected candidate, or the token itself when unresolved.' }),
    status: Type.Union([Type.Literal('resolved'), Type.Literal('ambiguous'), Type.Literal('unresolved')]),
    start: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'UTF-16 offset in text (inclusive); null when tokens was used.' }),
    end: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'UTF-16 offset in text (exclusive); null when tokens was used.' }),
    candidates: Type.Array(RomanCandidate, { maxItems: MAX_CANDIDATES_MAX, description: 'Ranked candidates, at most max_candidates; empty when unresolved.' }),
  },
  { additionalProperties: false },
);

export const RomanizationResponse = Type.Object(
  {
    text: Type.Union([Type.String(), Type.Null()], { description: 'The original text when the request used text; otherwise null.' }),
    converted_text: Type.String({ description: 'The input with resolved tokens converted; unresolved tokens, punctuation and whitespace kept.' }),
    tokens: Type.Array(RomanToken),
  },
  { additionalProperties: false, description: 'Romanization result.' },
);
export type RomanizationResponse = Static<typeof RomanizationResponse>;

export const ROMANIZATION_DETAILS = {
  ...BODY_DETAILS,
  neither: "Provide either 'text' or 'tokens'",
  both: "Provide either 'text' or 'tokens', not both",
  tooManyCharacters: `Text exceeds ${MAX_ROMAN_TEXT_CHARACTERS} characters`,
  tooManyTextWords: `Text exceeds ${MAX_ROMAN_TEXT_WORDS} words`,
  tooManyTextTokens: `Text exceeds ${MAX_ROMAN_TEXT_TOKENS} tokens`,
  tokensNotStrings: "Field 'tokens' must be an array of strings",
  tooManyTokens: `Field 'tokens' has more than ${MAX_ROMAN_TOKENS} items`,
  tokenTooLong: `Each token must be at most ${MAX_ROMAN_TOKEN_CHARACTERS} characters`,
  maxCandidates: `Field 'max_candidates' must be an integer between ${MAX_CANDIDATES_MIN} and ${MAX_CANDIDATES_MAX}`,
} as const;

/** What the handler receives: exactly one input, and max_candidates resolved to its default. */
export type RomanizationRequest = { kind: 'text'; text: string; maxCandidates: number } | { kind: 'tokens'; tokens: string[]; maxCandidates: number };

export function checkRomanizationBody(body: unknown, countWords: (text: string) => number): BodyCheck<RomanizationRequest> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, detail: ROMANIZATION_DETAILS.notObject };
  const raw = body as Record<string, unknown>;
  // null counts as absent: drop those fields before the schema sees them.
  const cleaned: Record<string, unknown> = {};
  for (const key of ['text', 'tokens', 'max_candidates'] as const) {
    if (raw[key] !== undefined && raw[key] !== null) cleaned[key] = raw[key];
  }
  const hasText = 'text' in cleaned;
  const hasTokens = 'tokens' in cleaned;
  if (!hasText && !hasTokens) return { ok: false, detail: ROMANIZATION_DETAILS.neither };
  if (hasText && hasTokens) return { ok: false, detail: ROMANIZATION_DETAILS.both };

  if (!CheckBody.Check(cleaned)) {
    if (hasText) {
      if (typeof cleaned.text !== 'string') return { ok: false, detail: ROMANIZATION_DETAILS.textNotString };
      if (codePointLength(cleaned.text) > MAX_ROMAN_TEXT_CHARACTERS) return { ok: false, detail: ROMANIZATION_DETAILS.tooManyCharacters };
    } else {
      const tokens = cleaned.tokens;
      if (!Array.isArray(tokens) || !tokens.every((t) => typeof t === 'string')) return { ok: false, detail: ROMANIZATION_DETAILS.tokensNotStrings };
      if (tokens.length > MAX_ROMAN_TOKENS) return { ok: false, detail: ROMANIZATION_DETAILS.tooManyTokens };
      if (tokens.some((t) => codePointLength(t) > MAX_ROMAN_TOKEN_CHARACTERS)) return { ok: false, detail: ROMANIZATION_DETAILS.tokenTooLong };
    }
    // Only max_candidates is left to be wrong (or a schema edit without a
    // matching check, which this message would then expose in a test).
    return { ok: false, detail: ROMANIZATION_DETAILS.maxCandidates };
  }
  const valid = cleaned as RomanizationBody;
  // The answer has an entry per token (about 0.5 KB at 5 candidates): the
  // limits bound it, which a 10,000-character text of 2,500 short words
  // would otherwise take to 1.2 MB. Real text of 1,000 words has up to
  // 1,045 tokens (the eval's romanized sentences).
  if (valid.text !== undefined) {
    if (countWords(valid.text) > MAX_ROMAN_TEXT_WORDS) return { ok: false, detail: ROMANIZATION_DETAILS.tooManyTextWords };
    if (tokenizeRoman(valid.text).length > MAX_ROMAN_TEXT_TOKENS) return { ok: false, detail: ROMANIZATION_DETAILS.tooManyTextTokens };
  }
  const maxCandidates = valid.max_candidates ?? MAX_CANDIDATES_DEFAULT;
  return valid.text !== undefined
    ? { ok: true, value: { kind: 'text', text: valid.text, maxCandidates } }
    : { ok: true, value: { kind: 'tokens', tokens: valid.tokens ?? [], maxCandidates } };
}

/** The router's check of the body (BodyValidator). */
export const RomanizationBodyValidator: BodyValidator<RomanizationRequest> = {
  schema: RomanizationBody,
  details: ROMANIZATION_DETAILS,
  check: checkRomanizationBody,
};

const en = (n: number): string => n.toLocaleString('en');

/** The endpoint's description in the OpenAPI document: its limits, and how the romanizer ranks and reads context (the engine's own words). */
export const ROMANIZATION_DESCRIPTION =
  `Exactly one of text (at most ${en(MAX_ROMAN_TEXT_CHARACTERS)} characters, ${en(MAX_ROMAN_TEXT_WORDS)} words and ${en(MAX_ROMAN_TEXT_TOKENS)} tokens) or tokens (at most ${en(MAX_ROMAN_TOKENS)} tokens of at most ${MAX_ROMAN_TOKEN_CHARACTERS} characters). max_candidates: default ${MAX_CANDIDATES_DEFAULT}, ${MAX_CANDIDATES_MIN}..${MAX_CANDIDATES_MAX}. Every body error is Shape B {"detail": ...}.\n\n**Ranking.** ` +
  RANKING_SUMMARY +
  '\n\n**Context.** ' +
  CONTEXT_SUMMARY;
