// POST /api/v1/spellcheck/document and POST /api/v1/romanization/document
//
// A whole document, split by the service into pieces the single endpoints
// take (src/dispatch/split.ts), answered as NDJSON: a line per piece in
// document order, with the single endpoint's fields and offsets relative to
// the whole document, then a totals line. Every problem with the body, its
// size included, is answered in Shape B before any work.

import Type, { type Static, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { DEFAULT_MAX_CANDIDATES, MAX_MAX_CANDIDATES, MIN_MAX_CANDIDATES } from '../engine/roman/romanizer.js';
import { BODY_DETAILS, QueryInteger } from './common.js';
import { MAX_ROMAN_TEXT_CHARACTERS, MAX_ROMAN_TEXT_TOKENS, MAX_ROMAN_TEXT_WORDS, RomanToken } from './romanization-resolve.js';
import { MAX_TEXT_CHARACTERS, MAX_TEXT_WORDS, MisspelledWord, UnknownWord } from './spellcheck-text.js';

export type DocumentKind = 'spellcheck' | 'romanization';

/** A piece's limits: those of the single endpoint. */
export const PIECE_LIMITS: Record<DocumentKind, { characters: number; words: number; tokens: number }> = {
  spellcheck: { characters: MAX_TEXT_CHARACTERS, words: MAX_TEXT_WORDS, tokens: Infinity },
  romanization: { characters: MAX_ROMAN_TEXT_CHARACTERS, words: MAX_ROMAN_TEXT_WORDS, tokens: MAX_ROMAN_TEXT_TOKENS },
};

export const DOCUMENT_DETAILS = {
  ...BODY_DETAILS,
  notUtf8: 'Request body is not valid UTF-8',
  tooLarge: (maxBytes: number) => `Document exceeds ${maxBytes} bytes`,
  textMissing: "Field 'text' is required",
  maxCandidates: `Field 'max_candidates' must be an integer between ${MIN_MAX_CANDIDATES} and ${MAX_MAX_CANDIDATES}`,
  unsplittable: (kind: DocumentKind, problem: 'characters' | 'tokens', at: number) =>
    problem === 'characters'
      ? `Document has a word of more than ${PIECE_LIMITS[kind].characters} characters (at offset ${at}); it cannot be split into pieces`
      : `Document has a word of more than ${PIECE_LIMITS[kind].tokens} tokens (at offset ${at}); it cannot be split into pieces`,
  overQuota: (pieces: number, policy: string) =>
    `Document needs ${pieces} requests of your rate limit (one per piece), more than a window of it holds (${policy}); send it in parts or use a partner key`,
} as const;

export const DocumentJsonBody = Type.Object(
  {
    text: Type.String({ description: 'The whole document.' }),
    max_candidates: Type.Optional(
      Type.Integer({
        minimum: MIN_MAX_CANDIDATES,
        maximum: MAX_MAX_CANDIDATES,
        default: DEFAULT_MAX_CANDIDATES,
        description: 'Romanization only: candidates per token, as for /romanization/resolve.',
      }),
    ),
  },
  { description: 'The JSON form of the body; unknown fields are ignored.' },
);
export type DocumentJsonBody = Static<typeof DocumentJsonBody>;

export const DocumentTextBody = Type.String({
  description: 'The whole document as the body, text/plain; charset=utf-8 (no charset means UTF-8). A byte order mark is kept as a character.',
});

/** The romanization document's query: max_candidates for a text/plain body (a JSON body may carry it instead). */
export const DocumentQuery = Type.Object({
  max_candidates: QueryInteger(
    'Candidates per token, as for /romanization/resolve; a max_candidates field of a JSON body takes precedence.',
    MIN_MAX_CANDIDATES,
    MAX_MAX_CANDIDATES,
    DEFAULT_MAX_CANDIDATES,
  ),
});
export type DocumentQuery = Static<typeof DocumentQuery>;
export const DocumentQueryCheck = Compile(DocumentQuery);

export type DocumentCheck = { ok: true; text: string; maxCandidates: number } | { ok: false; detail: string };

/**
 * The JSON form: {"text": ..., "max_candidates"?: ...}. max_candidates is
 * checked for romanization only: a spellcheck document ignores it, as
 * POST /spellcheck/text ignores fields it does not take.
 */
export function checkDocumentJson(body: unknown, kind: DocumentKind): DocumentCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, detail: DOCUMENT_DETAILS.notObject };
  const { text, max_candidates: mc } = body as Record<string, unknown>;
  if (text === undefined || text === null) return { ok: false, detail: DOCUMENT_DETAILS.textMissing };
  if (typeof text !== 'string') return { ok: false, detail: DOCUMENT_DETAILS.textNotString };
  if (
    kind === 'romanization' &&
    mc !== undefined &&
    mc !== null &&
    (!Number.isInteger(mc) || (mc as number) < MIN_MAX_CANDIDATES || (mc as number) > MAX_MAX_CANDIDATES)
  ) {
    return { ok: false, detail: DOCUMENT_DETAILS.maxCandidates };
  }
  return { ok: true, text, maxCandidates: typeof mc === 'number' ? mc : DEFAULT_MAX_CANDIDATES };
}

// ---- the NDJSON lines

const PieceFields = {
  piece: Type.Integer({ minimum: 0, description: 'The piece number, from 0, in document order.' }),
  start: Type.Integer({ minimum: 0, description: 'UTF-16 offset of the piece in the document (pieces tile it: each starts where the one before ends).' }),
  end: Type.Integer({ minimum: 0, description: 'UTF-16 offset where the piece ends (exclusive).' }),
};

export const SpellcheckPieceLine = Type.Object(
  {
    ...PieceFields,
    misspelled: Type.Array(MisspelledWord, { description: 'As /spellcheck/text for the piece; occurrences are offsets in the whole document.' }),
    unknown: Type.Array(UnknownWord),
  },
  { additionalProperties: false, description: 'One piece: the fields of POST /api/v1/spellcheck/text for its text.' },
);

export const RomanizationPieceLine = Type.Object(
  {
    ...PieceFields,
    text: Type.String({ description: "The piece's text (document.slice(start, end))." }),
    converted_text: Type.String(),
    tokens: Type.Array(RomanToken, { description: 'As /romanization/resolve for the piece; start/end are offsets in the whole document.' }),
  },
  { additionalProperties: false, description: 'One piece: the fields of POST /api/v1/romanization/resolve for its text.' },
);

/** A line's error object: Shape A's fields. */
export const LineError = Type.Object(
  {
    code: Type.String({ description: 'INTERNAL_ERROR, SERVICE_UNAVAILABLE (the service is stopping), RATE_LIMIT_EXCEEDED, WORD_NOT_FOUND.' }),
    message: Type.String(),
    retry_after: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

export const PieceErrorLine = Type.Object(
  { ...PieceFields, error: LineError },
  {
    additionalProperties: false,
    description: 'A piece that could not be checked (an internal error, a time-out, the service stopping); the other pieces are still answered.',
  },
);

const Elapsed = Type.Number({ description: 'Milliseconds from the arrival of the request to this line.' });

export const SpellcheckTotalsLine = Type.Object(
  {
    totals: Type.Object(
      {
        pieces: Type.Integer({ minimum: 0 }),
        words: Type.Integer({ minimum: 0, description: 'Words of the document, counted as the 1,000-word limit counts them.' }),
        misspelled: Type.Integer({ minimum: 0, description: 'Occurrences of misspelled words.' }),
        unknown: Type.Integer({ minimum: 0, description: 'Occurrences of unknown words.' }),
        failed: Type.Integer({ minimum: 0, description: 'Pieces answered with an error line.' }),
        elapsed_ms: Elapsed,
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'The last line.' },
);

export const RomanizationTotalsLine = Type.Object(
  {
    totals: Type.Object(
      {
        pieces: Type.Integer({ minimum: 0 }),
        words: Type.Integer({ minimum: 0 }),
        tokens: Type.Integer({ minimum: 0 }),
        resolved: Type.Integer({ minimum: 0 }),
        ambiguous: Type.Integer({ minimum: 0 }),
        unresolved: Type.Integer({ minimum: 0 }),
        failed: Type.Integer({ minimum: 0, description: 'Pieces answered with an error line.' }),
        elapsed_ms: Elapsed,
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'The last line.' },
);

/** The lines of each document endpoint, for the OpenAPI document. */
export const DOCUMENT_LINES: Record<DocumentKind, TSchema[]> = {
  spellcheck: [SpellcheckPieceLine, PieceErrorLine, SpellcheckTotalsLine],
  romanization: [RomanizationPieceLine, PieceErrorLine, RomanizationTotalsLine],
};
