// POST /api/v1/spellcheck/batch, /api/v1/romanization/batch and
// /api/v1/dictionary/batch
//
// {"items": [{"id": ..., <the single endpoint's fields>}, ...]}: at most
// MAX_BATCH_ITEMS items, each checked as the single endpoint checks its
// request. The answer is NDJSON, a line per item as it finishes:
//   {"id": ..., "index": i, "result": <the single endpoint's answer>}
//   {"id": ..., "index": i, "detail": "..."}        the item is invalid (Shape B, as the single endpoint says it)
//   {"id": ..., "index": i, "error": {...}}          it could not be answered (WORD_NOT_FOUND with similar_words,
//                                                    RATE_LIMIT_EXCEEDED, INTERNAL_ERROR...: Shape A's fields)
// A problem with the body as a whole (not JSON, no items, too many) is a
// 400 in Shape B, before any work.

import Type, { type Static, type TSchema } from 'typebox';
import { BODY_DETAILS, codePointLength, MAX_QUERY_WORD_CODE_POINTS } from './common.js';
import { DictionaryEntry } from './dictionary-word.js';
import { LineError } from './document.js';
import { checkRomanizationBody, RomanizationBody, RomanizationResponse, type RomanizationRequest } from './romanization-resolve.js';
import { checkSpellcheckTextBody, MAX_TEXT_CHARACTERS, SpellcheckTextResponse } from './spellcheck-text.js';
import { SpellcheckWordResponse } from './spellcheck-word.js';

export type BatchKind = 'spellcheck' | 'romanization' | 'dictionary';

/** Items in one batch, at most. */
export const MAX_BATCH_ITEMS = 1_000;
/** Longest string id. */
export const MAX_ID_CHARACTERS = 200;

export const BATCH_DETAILS = {
  ...BODY_DETAILS,
  tooLarge: (maxBytes: number) => `Request body exceeds ${maxBytes} bytes`,
  items: "Field 'items' must be a non-empty array",
  tooManyItems: `Field 'items' has more than ${MAX_BATCH_ITEMS} items`,
  itemNotObject: 'Item must be a JSON object',
  id: `Field 'id' must be a string of at most ${MAX_ID_CHARACTERS} characters or an integer`,
  textOrWord: "Provide either 'text' or 'word'",
  textAndWord: "Provide either 'text' or 'word', not both",
  word: `Field 'word' must be one word (no whitespace) of 1 to ${MAX_QUERY_WORD_CODE_POINTS} characters`,
  wordMissing: "Field 'word' is required",
} as const;

const Id = Type.Union([Type.String({ maxLength: MAX_ID_CHARACTERS }), Type.Integer()], { description: "The client's id for the item, echoed in its line." });

const WordField = Type.String({ minLength: 1, maxLength: MAX_QUERY_WORD_CODE_POINTS, description: 'One word; surrounding whitespace is ignored.' });

export const SpellcheckBatchBody = Type.Object({
  items: Type.Array(
    Type.Object(
      {
        id: Id,
        text: Type.Optional(Type.String({ maxLength: MAX_TEXT_CHARACTERS, description: 'A text, as POST /api/v1/spellcheck/text takes it.' })),
        word: Type.Optional(WordField),
      },
      { description: 'Exactly one of text (answered as /spellcheck/text) or word (answered as /spellcheck/word).' },
    ),
    { minItems: 1, maxItems: MAX_BATCH_ITEMS },
  ),
});

export const RomanizationBatchBody = Type.Object({
  items: Type.Array(
    Type.Intersect([Type.Object({ id: Id }), RomanizationBody], { description: 'The body of POST /api/v1/romanization/resolve, with an id.' }),
    {
      minItems: 1,
      maxItems: MAX_BATCH_ITEMS,
    },
  ),
});

export const DictionaryBatchBody = Type.Object({
  items: Type.Array(Type.Object({ id: Id, word: WordField }, { description: 'A word to look up, as GET /api/v1/dictionary/word?q= (the plain entry).' }), {
    minItems: 1,
    maxItems: MAX_BATCH_ITEMS,
  }),
});

/** What an item asks for, once checked. */
export type BatchRequest =
  { name: 'spellcheckText'; text: string } | { name: 'spellcheckWord'; word: string } | { name: 'lookupEntry'; word: string } | RomanizationRequest;

export type ItemCheck = { ok: true; id: string | number; request: BatchRequest } | { ok: false; id: string | number | null; detail: string };

/** The body's items, or the Shape B detail of what is wrong with the body as a whole. */
export function batchItems(body: unknown): { ok: true; items: unknown[] } | { ok: false; detail: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, detail: BATCH_DETAILS.notObject };
  const items = (body as Record<string, unknown>).items;
  if (!Array.isArray(items) || items.length === 0) return { ok: false, detail: BATCH_DETAILS.items };
  if (items.length > MAX_BATCH_ITEMS) return { ok: false, detail: BATCH_DETAILS.tooManyItems };
  return { ok: true, items };
}

function itemId(item: Record<string, unknown>): string | number | null {
  const id = item.id;
  if (typeof id === 'string' && codePointLength(id) <= MAX_ID_CHARACTERS) return id;
  if (typeof id === 'number' && Number.isSafeInteger(id)) return id;
  return null;
}

/** One word, as GET /spellcheck/word and /dictionary/word take it; null when it is not. */
function oneWord(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const w = raw.trim();
  if (w.length === 0 || codePointLength(w) > MAX_QUERY_WORD_CODE_POINTS || /\s/u.test(w)) return null;
  return w;
}

/** Checks one item as its single endpoint checks a request; `countWords` counts words for the text limits. */
export function checkBatchItem(kind: BatchKind, raw: unknown, countWords: (text: string) => number): ItemCheck {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, id: null, detail: BATCH_DETAILS.itemNotObject };
  const item = raw as Record<string, unknown>;
  const id = itemId(item);
  if (id === null) return { ok: false, id: null, detail: BATCH_DETAILS.id };
  const fail = (detail: string): ItemCheck => ({ ok: false, id, detail });
  switch (kind) {
    case 'spellcheck': {
      const hasText = item.text !== undefined && item.text !== null;
      const hasWord = item.word !== undefined && item.word !== null;
      if (hasText && hasWord) return fail(BATCH_DETAILS.textAndWord);
      if (hasWord) {
        const word = oneWord(item.word);
        return word === null ? fail(BATCH_DETAILS.word) : { ok: true, id, request: { name: 'spellcheckWord', word } };
      }
      if (!hasText) return fail(BATCH_DETAILS.textOrWord);
      const c = checkSpellcheckTextBody({ text: item.text }, countWords);
      return c.ok ? { ok: true, id, request: { name: 'spellcheckText', text: c.value.text } } : fail(c.detail);
    }
    case 'romanization': {
      const c = checkRomanizationBody(item, countWords);
      return c.ok ? { ok: true, id, request: c.value } : fail(c.detail);
    }
    case 'dictionary': {
      if (item.word === undefined || item.word === null) return fail(BATCH_DETAILS.wordMissing);
      const word = oneWord(item.word);
      return word === null ? fail(BATCH_DETAILS.word) : { ok: true, id, request: { name: 'lookupEntry', word } };
    }
  }
}

// ---- the NDJSON lines

const LineId = Type.Union([Type.String(), Type.Integer(), Type.Null()], { description: "The item's id; null when it had none that is valid." });
const Index = Type.Integer({ minimum: 0, description: "The item's position in items, from 0 (lines come as items finish, not in order)." });

function resultLine(result: TSchema | TSchema[], description: string) {
  return Type.Object({ id: LineId, index: Index, result: Array.isArray(result) ? Type.Union(result) : result }, { additionalProperties: false, description });
}

export const ItemDetailLine = Type.Object(
  { id: LineId, index: Index, detail: Type.String({ description: 'What is wrong with the item: the Shape B detail its single endpoint gives.' }) },
  { additionalProperties: false, description: 'An invalid item; the other items are answered.' },
);

export const ItemErrorLine = Type.Object(
  {
    id: LineId,
    index: Index,
    error: LineError,
    similar_words: Type.Optional(Type.Array(Type.String(), { maxItems: 5, description: 'WORD_NOT_FOUND: up to 5 similar headwords, best first.' })),
  },
  {
    additionalProperties: false,
    description: 'An item not answered: RATE_LIMIT_EXCEEDED (over the anonymous limits), WORD_NOT_FOUND (dictionary), INTERNAL_ERROR, SERVICE_UNAVAILABLE.',
  },
);

/** The lines of each batch endpoint, for the OpenAPI document. */
export const BATCH_LINES: Record<BatchKind, TSchema[]> = {
  spellcheck: [
    resultLine([SpellcheckTextResponse, SpellcheckWordResponse], 'A text item answered as /spellcheck/text, a word item as /spellcheck/word.'),
    ItemDetailLine,
    ItemErrorLine,
  ],
  romanization: [resultLine(RomanizationResponse, 'The answer of /romanization/resolve.'), ItemDetailLine, ItemErrorLine],
  dictionary: [resultLine(DictionaryEntry, 'The entry.'), ItemDetailLine, ItemErrorLine],
};

export type SpellcheckBatchBody = Static<typeof SpellcheckBatchBody>;
