// Whole documents and batches: POST /api/v1/{spellcheck,romanization}/document
// and POST /api/v1/{spellcheck,romanization,dictionary}/batch, answered as
// NDJSON streams (ndjson.ts).

import type { Outcome } from '../../dispatch/services.js';
import { BATCH_LINES, DictionaryBatchBody, MAX_BATCH_ITEMS, RomanizationBatchBody, SpellcheckBatchBody } from '../../schemas/batch.js';
import { DetailBody, ErrorBody, RateLimitBody } from '../../schemas/common.js';
import { DOCUMENT_LINES, DocumentJsonBody, DocumentQueryCheck, DocumentTextBody, PIECE_LIMITS } from '../../schemas/document.js';
import { failureReply } from '../errors.js';
import { batchAnswer, documentAnswer, IN_FLIGHT_PER_THREAD } from '../ndjson.js';
import { route, type ResponseDoc, type Route, type RouteDeps } from '../types.js';
import { BODY_RESPONSES, COMMON_RESPONSES, wordNotFound } from './common.js';

const NDJSON = 'application/x-ndjson';

const STREAM_NOTE =
  'The answer is application/x-ndjson (one JSON object a line), streamed as lines are ready, and compressed as it streams when Accept-Encoding allows (each line flushed). Status and headers go out with the first line; a failure after that is reported in the lines. A client that goes away stops the work.';

const RATE_NOTE_DOCUMENT =
  'Rate limits: every piece counts as one request (this request is the first). The document is answered whole or refused: 429 when the quota cannot take all its pieces now (with the wait until it can; the request is then not counted), 400 (Shape B) when it needs more pieces than a window of the limit holds. Partner keys count the same way against their own limits.';

const RATE_NOTE_BATCH =
  'Rate limits: every item counts as one request (this request is the first). Items the quota cannot take are answered with RATE_LIMIT_EXCEEDED lines (with retry_after); the others are answered. Partner keys count the same way against their own limits.';

export function documentRoutes(deps: RouteDeps): Route[] {
  const failure = (o: Outcome<never>, what: string) => failureReply(o, what);
  const bodyErrors = (extra: string): ResponseDoc => ({
    description: `Shape B, before any work: "Request body is not valid UTF-8", "Document has a word of more than 10000 characters (at offset N); it cannot be split into pieces"${extra}, the needs-more-than-a-window rate-limit refusal; for a JSON body also "Request body is not valid JSON", "Request body must be a JSON object", "Field 'text' is required", "Field 'text' must be a string".`,
    schema: DetailBody,
  });
  const common: Record<number, ResponseDoc> = {
    413: {
      description: `Shape B {"detail": "Document exceeds ${deps.documentMaxBytes} bytes"} (DOCUMENT_MAX_BYTES), refused as it arrives; the connection is closed.`,
      schema: DetailBody,
    },
    415: { description: 'UNSUPPORTED_MEDIA_TYPE: the body must be text/plain (charset utf-8 or none) or application/json.', schema: ErrorBody },
    ...COMMON_RESPONSES,
    429: {
      description: `RATE_LIMIT_EXCEEDED (Shape A, retry_after, Retry-After): the client's quota cannot take all the document's pieces now (the request is then not counted).`,
      schema: RateLimitBody,
      headers: ['Retry-After'],
    },
  };
  const limits = (kind: 'spellcheck' | 'romanization'): string => {
    const l = PIECE_LIMITS[kind];
    return `${l.characters.toLocaleString('en')} characters and ${l.words.toLocaleString('en')} words${Number.isFinite(l.tokens) ? ` and ${l.tokens.toLocaleString('en')} tokens` : ''}`;
  };
  const description = (kind: 'spellcheck' | 'romanization', single: string) =>
    `A whole document, up to DOCUMENT_MAX_BYTES (${deps.documentMaxBytes} bytes) of UTF-8, as text/plain or as JSON {"text": ...}. The service splits it into pieces of at most ${limits(kind)} (the limits of ${single}), ending at a paragraph break, else a sentence end, else whitespace, never inside a word or a grapheme, the first piece an eighth of that (a quick first line), and runs them on the worker pool in parallel (${IN_FLIGHT_PER_THREAD} per worker thread at a time). One line per piece in document order, with the fields of ${single} for the piece's text and every offset relative to the whole document (start and end of the piece: the pieces tile the document), then a totals line. ${STREAM_NOTE}\n\n${RATE_NOTE_DOCUMENT}\n\nAdmission: the first piece is admitted like any request (503 at once when the service is overloaded, before any line); the later pieces wait for a thread.`;
  return [
    route({
      method: 'POST',
      path: '/api/v1/spellcheck/document',
      operationId: 'spellcheckDocument',
      body: 'document',
      rateLimited: true,
      doc: {
        summary: 'Spellcheck a whole document (NDJSON)',
        description: description('spellcheck', 'POST /api/v1/spellcheck/text'),
        tag: 'spellcheck',
        bodyContent: { 'text/plain': DocumentTextBody, 'application/json': DocumentJsonBody },
        responses: {
          200: {
            description: 'NDJSON: a line per piece, or an error line for a piece that failed; then the totals line.',
            schema: DOCUMENT_LINES.spellcheck,
            contentType: NDJSON,
          },
          400: bodyErrors(''),
          ...common,
        },
      },
      handle(input) {
        return documentAnswer('spellcheck', input, deps, failure, 0);
      },
    }),
    route({
      method: 'POST',
      path: '/api/v1/romanization/document',
      operationId: 'romanizeDocument',
      body: 'document',
      rateLimited: true,
      query: DocumentQueryCheck,
      doc: {
        summary: 'Romanize a whole document (NDJSON)',
        description:
          description('romanization', 'POST /api/v1/romanization/resolve (text)') + ' max_candidates: the query parameter, or a field of a JSON body.',
        tag: 'romanization',
        bodyContent: { 'text/plain': DocumentTextBody, 'application/json': DocumentJsonBody },
        responses: {
          200: {
            description: 'NDJSON: a line per piece, or an error line for a piece that failed; then the totals line.',
            schema: DOCUMENT_LINES.romanization,
            contentType: NDJSON,
          },
          400: bodyErrors(
            ', "...more than 2000 tokens..."; max_candidates out of range: INVALID_PARAMETER (query, Shape A) or "Field \'max_candidates\' must be an integer between 1 and 10" (JSON body)',
          ),
          ...common,
        },
      },
      handle(input) {
        return documentAnswer('romanization', input, deps, failure, input.query.max_candidates);
      },
    }),
  ];
}

export function batchRoutes(deps: RouteDeps): Route[] {
  const failure = (o: Outcome<never>, what: string) => failureReply(o, what);
  const responses = (kind: 'spellcheck' | 'romanization' | 'dictionary', items: string): Record<number, ResponseDoc> => ({
    200: {
      description: `NDJSON, a line per item as it finishes: {"id","index","result"} (${items}), {"id","index","detail"} for an invalid item (the detail its single endpoint gives), {"id","index","error"} for one not answered.`,
      schema: BATCH_LINES[kind],
      contentType: NDJSON,
    },
    400: {
      description: `Shape B: "Field 'items' must be a non-empty array", "Field 'items' has more than ${MAX_BATCH_ITEMS} items", "Request body must be a JSON object", "Request body is not valid JSON", "Request body is empty; expected a JSON object", "Request body is not valid UTF-8".`,
      schema: DetailBody,
    },
    413: {
      description: `Shape B {"detail": "Request body exceeds ${deps.documentMaxBytes} bytes"} (DOCUMENT_MAX_BYTES); the connection is closed.`,
      schema: DetailBody,
    },
    415: BODY_RESPONSES[415]!,
    ...COMMON_RESPONSES,
  });
  const description = (what: string) =>
    `{"items": [{"id": ..., ${what}}, ...]}: 1 to ${MAX_BATCH_ITEMS} items, each checked as its single endpoint checks a request; id is a string (at most 200 characters) or an integer, echoed in the item's line with its index. The items run on the worker pool in groups, in parallel; an invalid item does not fail the others. ${STREAM_NOTE}\n\n${RATE_NOTE_BATCH}`;
  const notFound = (word: string, similar: string[]) => wordNotFound(word, similar);
  return [
    route({
      method: 'POST',
      path: '/api/v1/spellcheck/batch',
      operationId: 'spellcheckBatch',
      body: 'batch',
      rateLimited: true,
      doc: {
        summary: 'Spellcheck many texts or words (NDJSON)',
        description: description('"text": ... (as POST /spellcheck/text) or "word": ... (as GET /spellcheck/word)'),
        tag: 'spellcheck',
        body: SpellcheckBatchBody,
        responses: responses('spellcheck', 'the answer of /spellcheck/text or /spellcheck/word'),
      },
      handle(input) {
        return batchAnswer('spellcheck', input, deps, failure, notFound);
      },
    }),
    route({
      method: 'POST',
      path: '/api/v1/romanization/batch',
      operationId: 'romanizeBatch',
      body: 'batch',
      rateLimited: true,
      doc: {
        summary: 'Romanize many texts or token lists (NDJSON)',
        description: description('the fields of POST /romanization/resolve (text or tokens, max_candidates)'),
        tag: 'romanization',
        body: RomanizationBatchBody,
        responses: responses('romanization', 'the answer of /romanization/resolve'),
      },
      handle(input) {
        return batchAnswer('romanization', input, deps, failure, notFound);
      },
    }),
    route({
      method: 'POST',
      path: '/api/v1/dictionary/batch',
      operationId: 'lookupBatch',
      body: 'batch',
      rateLimited: true,
      doc: {
        summary: 'Look up many words (NDJSON)',
        description:
          description('"word": ... (as GET /dictionary/word?q=)') +
          ' A word no dictionary has gets an error line WORD_NOT_FOUND with similar_words, as the 404 of the single endpoint.',
        tag: 'dictionary',
        body: DictionaryBatchBody,
        responses: responses('dictionary', 'the entry, 2.1'),
      },
      handle(input) {
        return batchAnswer('dictionary', input, deps, failure, notFound);
      },
    }),
  ];
}
