// The OpenAPI 3.1 document, generated from the routes table and the TypeBox
// schemas (OpenAPI 3.1 uses JSON Schema 2020-12, which TypeBox emits), so the
// document describes exactly what the server validates and answers. It also
// writes down the parts the interface leaves "not shown": error bodies,
// limits, rate-limit attribution and window type, partner keys, the variant
// and per-dictionary bodies, example sentences.

import type { TSchema } from 'typebox';
import {
  API_VERSION,
  DetailBody,
  ErrorBody,
  MAX_QUERY_STRING_BYTES,
  MAX_QUERY_WORD_CODE_POINTS,
  RateLimitBody,
  UnavailableBody,
  WordNotFoundBody,
} from '../schemas/common.js';
import { ExamplesResponse } from '../schemas/dictionary-examples.js';
import { SuggestResponse } from '../schemas/dictionary-suggest.js';
import { Definition, DictionaryEntry, MultiDictResponse, VariantsResponse } from '../schemas/dictionary-word.js';
import { HealthResponse } from '../schemas/health.js';
import {
  MAX_CANDIDATES_DEFAULT,
  MAX_CANDIDATES_MAX,
  MAX_CANDIDATES_MIN,
  MAX_ROMAN_TEXT_CHARACTERS,
  MAX_ROMAN_TOKEN_CHARACTERS,
  MAX_ROMAN_TOKENS,
  RomanCandidate,
  RomanizationBody,
  RomanizationResponse,
  RomanToken,
} from '../schemas/romanization-resolve.js';
import { MAX_TEXT_CHARACTERS, MAX_TEXT_WORDS, MisspelledWord, SpellcheckTextBody, SpellcheckTextResponse, UnknownWord } from '../schemas/spellcheck-text.js';
import { SpellcheckWordResponse } from '../schemas/spellcheck-word.js';
import { UpResponse } from '../schemas/up.js';
import { ItemDetailLine, ItemErrorLine, MAX_BATCH_ITEMS } from '../schemas/batch.js';
import { LineError, PieceErrorLine, RomanizationPieceLine, RomanizationTotalsLine, SpellcheckPieceLine, SpellcheckTotalsLine } from '../schemas/document.js';
import { CACHE_CONTROL } from './caching.js';
import type { ResponseDoc, Route } from './types.js';

export interface OpenApiSettings {
  maxBodyBytes: number;
  documentMaxBytes: number;
  rateLimitPerMinute: number;
  rateLimitPerDay: number;
}

/** Schemas published under components/schemas and referenced by $ref wherever they occur. */
const COMPONENTS: [string, TSchema][] = [
  ['ErrorBody', ErrorBody],
  ['WordNotFoundBody', WordNotFoundBody],
  ['RateLimitBody', RateLimitBody],
  ['UnavailableBody', UnavailableBody],
  ['DetailBody', DetailBody],
  ['Definition', Definition],
  ['DictionaryEntry', DictionaryEntry],
  ['VariantsResponse', VariantsResponse],
  ['MultiDictResponse', MultiDictResponse],
  ['SuggestResponse', SuggestResponse],
  ['ExamplesResponse', ExamplesResponse],
  ['SpellcheckTextBody', SpellcheckTextBody],
  ['MisspelledWord', MisspelledWord],
  ['UnknownWord', UnknownWord],
  ['SpellcheckTextResponse', SpellcheckTextResponse],
  ['SpellcheckWordResponse', SpellcheckWordResponse],
  ['RomanizationBody', RomanizationBody],
  ['RomanCandidate', RomanCandidate],
  ['RomanToken', RomanToken],
  ['RomanizationResponse', RomanizationResponse],
  ['HealthResponse', HealthResponse],
  ['UpResponse', UpResponse],
  ['LineError', LineError],
  ['SpellcheckPieceLine', SpellcheckPieceLine],
  ['RomanizationPieceLine', RomanizationPieceLine],
  ['PieceErrorLine', PieceErrorLine],
  ['SpellcheckTotalsLine', SpellcheckTotalsLine],
  ['RomanizationTotalsLine', RomanizationTotalsLine],
  ['ItemDetailLine', ItemDetailLine],
  ['ItemErrorLine', ItemErrorLine],
];

const RATE_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'];

const en = (n: number): string => n.toLocaleString('en');

function description(s: OpenApiSettings): string {
  const perMinute = s.rateLimitPerMinute > 0 ? `${s.rateLimitPerMinute} requests per minute` : 'no per-minute limit';
  const perDay = s.rateLimitPerDay > 0 ? `${s.rateLimitPerDay} requests per day` : 'no per-day limit';
  return [
    'Nepali dictionary, autocomplete, example sentences, spellcheck and romanization over HTTP/JSON.',
    '',
    '**Fields.** The bodies hold the fields of the service interface this API implements (its word, dictionary, spellcheck, romanization and health results, its two error shapes and limits), all described in this document. A field whose description begins with "extra:" goes beyond that interface (the orthography rule that fired, the dictionaries of an entry, occurrences, the pool and memory of health): clients written against the interface alone may ignore it; it is as stable as the rest.',
    '',
    '**Responses.** Every body is JSON with `Content-Type: application/json; charset=utf-8`, except the document and batch endpoints, which stream `application/x-ndjson` (one JSON object a line), and the playground (`GET /` and its files: HTML, CSS, JavaScript). Bodies of 1,024 bytes or more are compressed with br or gzip as `Accept-Encoding` allows (q-values honoured; identity when nothing else is accepted); streamed answers are compressed whenever allowed, each line flushed as it is written; every body carries `Vary: Accept-Encoding`. Dictionary word, suggest and example answers depend only on the data build and the code: they carry a weak `ETag` (the ids of the data build and of the code, and the request) and `Cache-Control: ' +
      CACHE_CONTROL +
      "`, and `If-None-Match` with that tag is answered 304 Not Modified without a body. CORS: every response carries `Access-Control-Allow-Origin: *` unless the operator lists origins (CORS_ORIGINS: then a listed `Origin` is echoed, others get no CORS headers, and answers carry `Vary: Origin`); `OPTIONS` preflight on any endpoint answers 204 with the allowed methods and headers (`Content-Type`, `X-API-Key`, `X-Request-Id`). Every answer carries `X-Request-Id`: the request's own when it is 1-128 letters, digits and `-_.:` beginning and ending with a letter or digit, else a new UUID; the access log and error lines name it. `HEAD` is accepted wherever `GET` is and answers the same status and headers (without Content-Length) and no body.",
    '',
    '**Errors.** Shape A `{"error":{"code","message"}}` for query, path, routing, transport and rate-limit errors: MISSING_PARAMETER (400, names the parameter), INVALID_PARAMETER (400), UNAUTHORIZED (401), WORD_NOT_FOUND (404, plus top-level `similar_words`, at most 5), NOT_FOUND (404, unknown path), METHOD_NOT_ALLOWED (405, with an `Allow` header), PAYLOAD_TOO_LARGE (413), UNSUPPORTED_MEDIA_TYPE (415), RATE_LIMIT_EXCEEDED (429, plus `error.retry_after` and `Retry-After`), INTERNAL_ERROR (500, always the message "Internal server error"; details are logged, never sent), SERVICE_UNAVAILABLE (503, shutting down or overloaded). Shape B `{"detail": "..."}` for every problem inside the body of the POST endpoints (spellcheck text, romanization, documents, batches), including invalid JSON and invalid UTF-8; a document or batch body over DOCUMENT_MAX_BYTES is 413 in Shape B. In an NDJSON answer, an invalid batch item gets a line with `detail` (the field of Shape B) and an item or piece not answered a line with `error` (the object of Shape A).',
    '',
    `**Limits.** Spellcheck text: ${en(MAX_TEXT_CHARACTERS)} characters, counted as Unicode code points of the text as sent, and ${en(MAX_TEXT_WORDS)} words (whitespace-separated chunks with a letter or digit). Romanization: text up to ${en(MAX_ROMAN_TEXT_CHARACTERS)} characters, or up to ${en(MAX_ROMAN_TOKENS)} tokens of up to ${MAX_ROMAN_TOKEN_CHARACTERS} characters; max_candidates ${MAX_CANDIDATES_MIN}..${MAX_CANDIDATES_MAX}, default ${MAX_CANDIDATES_DEFAULT}. Query words, prefixes and path words: up to ${MAX_QUERY_WORD_CODE_POINTS} characters after trimming; the whole query string up to ${en(MAX_QUERY_STRING_BYTES)} bytes. Request bodies: up to ${s.maxBodyBytes} bytes, refused with 413 as they arrive; bodies of the document and batch endpoints up to ${s.documentMaxBytes} bytes (DOCUMENT_MAX_BYTES), refused with 413 in Shape B. Batches: 1 to ${MAX_BATCH_ITEMS} items. Documents are split by the service into pieces within the limits of the single endpoints.`,
    '',
    `**Rate limits.** Anonymous clients: ${perMinute} and ${perDay} (every piece of a document and every item of a batch counts as a request), counted per client address (IPv4 address, or IPv6 /64 prefix). The address is the TCP peer, or, when the peer is a configured trusted proxy, the first untrusted address of X-Forwarded-For read from the right. The window is an exact sliding window: at most N accepted requests in any interval of one minute (or one day), not a fixed window; refused requests are not counted. Every response subject to a limit carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (for the policy nearest to exhaustion; Reset is the seconds until Remaining next grows) and RateLimit-Policy (all policies, e.g. \`30;w=60, 1000;w=86400\`). GET /up, GET /api/v1/health and OPTIONS preflights are neither counted nor refused (they still report the headers). A refused request gets 429 with retry_after, the seconds until a request would be accepted. Counters of idle clients are dropped after the longest window; at most 100,000 clients (64 MiB of counters) are remembered, the least recently seen dropped first.`,
    '',
    '**Partners.** Send the partner key in the `X-API-Key` header. Each key has its own per-minute and per-day limits, or none; its requests are counted per key, not per address. An unknown key is 401 UNAUTHORIZED on every rate-limited endpoint (and the attempt counts against the anonymous limit of the address, so keys cannot be guessed at speed); the probes (`GET /up`, `GET /api/v1/health`) and `OPTIONS` preflights ignore the header, so a gateway holding a stale key never sees an instance down. An empty header is the same as no header. Keys live in PARTNER_KEYS_FILE, compared in constant time on their SHA-256 digests.',
    '',
    '**Versioning.** All endpoints but /up, /metrics, the playground and the LanguageTool-compatible /v2/ endpoints live under /api/v1/; GET /api/v1/health reports version "v1". The /v2/ endpoints follow LanguageTool\'s API, not this document\'s conventions: form parameters, text/plain errors, partner keys also as `username` + `apiKey`.',
  ].join('\n');
}

/** Deep copy of a schema as plain JSON, with nested published schemas replaced by $ref. */
function toJson(schema: unknown, names: Map<unknown, string>, top: boolean): unknown {
  if (!top && names.has(schema)) return { $ref: `#/components/schemas/${names.get(schema)}` };
  if (Array.isArray(schema)) return schema.map((x) => toJson(x, names, false));
  if (schema !== null && typeof schema === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema)) out[k] = toJson(v, names, false);
    return out;
  }
  return schema;
}

/**
 * Statuses any operation can give from the transport, whatever its own
 * logic: a request whose Content-Length headers disagree (400, connection
 * closed), a method the path does not have (405; documented on each of the
 * path's operations, as OpenAPI has no place for methods a path lacks).
 */
function addTransportResponses(op: Record<string, unknown>, response: (doc: ResponseDoc) => unknown, errorBody: unknown): void {
  type Doc = { description: string; content?: Record<string, { schema: unknown }> };
  const responses = op.responses as Record<string, Doc>;
  const framing = 'BAD_REQUEST: conflicting Content-Length headers (where the body ends is ambiguous); answered in Shape A, then the connection is closed.';
  const own = responses['400'];
  if (own) {
    const json = own.content?.['application/json'];
    const same = json && JSON.stringify(json.schema) === JSON.stringify(errorBody);
    responses['400'] = {
      ...own,
      description: `${own.description} Also ${framing}`,
      ...(json && !same ? { content: { ...own.content, 'application/json': { schema: { oneOf: [json.schema, errorBody] } } } } : {}),
    };
  } else responses['400'] = response({ description: framing, schema: ErrorBody }) as Doc;
  responses['405'] = response({
    description: 'METHOD_NOT_ALLOWED: a method this path does not have; the Allow header lists those it has (and OPTIONS, a CORS preflight, 204).',
    schema: ErrorBody,
    headers: ['Allow'],
  }) as Doc;
}

export function buildOpenApi(routes: Route[], settings: OpenApiSettings): Record<string, unknown> {
  const names = new Map<unknown, string>(COMPONENTS.map(([n, s]) => [s, n]));
  const ref = (s: TSchema) => toJson(s, names, false);

  const headerRefs = (extra: string[] = []) => Object.fromEntries([...RATE_HEADERS, ...extra].map((h) => [h, { $ref: `#/components/headers/${h}` }]));

  const response = (doc: ResponseDoc) => {
    const out: Record<string, unknown> = { description: doc.description, headers: headerRefs(doc.headers) };
    const type = doc.contentType ?? 'application/json';
    if (doc.noBody) return out;
    if (doc.schema !== undefined) {
      // An NDJSON answer is described by the schema of one line: each line is one of these.
      const schema = Array.isArray(doc.schema) ? { oneOf: doc.schema.map(ref) } : ref(doc.schema);
      out.content = { [type]: { schema } };
    } else {
      out.content = { [type]: { schema: { type: 'object' } } };
    }
    return out;
  };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const d = route.doc;
    const parameters: unknown[] = [];
    // What the router reads is documented from the same schemas; a doc-only entry where the router reads nothing.
    for (const p of route.pathParams ?? d.pathParams ?? []) {
      parameters.push({ name: p.name, in: 'path', required: true, description: (p.schema as { description?: string }).description, schema: ref(p.schema) });
    }
    const query = (route.query?.Type() ?? d.query) as
      { properties?: Record<string, TSchema & { default?: unknown; description?: string }>; required?: string[] } | undefined;
    const requiredNames = new Set(query?.required ?? []);
    for (const [name, s] of Object.entries(query?.properties ?? {})) {
      parameters.push({ name, in: 'query', required: s.default === undefined && requiredNames.has(name), description: s.description, schema: ref(s) });
    }
    const op: Record<string, unknown> = {
      operationId: route.operationId,
      summary: d.summary,
      description: d.description,
      tags: [d.tag],
      responses: Object.fromEntries(Object.entries(d.responses).map(([status, r]) => [status, response(r)])),
    };
    if (parameters.length > 0) op.parameters = parameters;
    if (d.bodyContent)
      op.requestBody = { required: true, content: Object.fromEntries(Object.entries(d.bodyContent).map(([type, schema]) => [type, { schema: ref(schema) }])) };
    else if (route.jsonBody ?? d.body) op.requestBody = { required: true, content: { 'application/json': { schema: ref(route.jsonBody?.schema ?? d.body!) } } };
    if (!route.rateLimited) op.security = [{}];
    addTransportResponses(op, response, ref(ErrorBody));
    (paths[route.path] ??= {})[route.method.toLowerCase()] = op;
    // HEAD wherever GET: the same statuses and headers, no body.
    if (route.method === 'GET') {
      const responses = op.responses as Record<string, Record<string, unknown>>;
      (paths[route.path] ??= {}).head = {
        ...op,
        operationId: `${route.operationId}Head`,
        summary: `${d.summary} (headers only)`,
        description: `HEAD: the status and headers GET would give (Content-Encoding, ETag and a 304 included; without Content-Length), no body.`,
        responses: Object.fromEntries(Object.entries(responses).map(([status, r]) => [status, { description: r.description, headers: r.headers }])),
      };
    }
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Nepali Language Service',
      version: API_VERSION,
      description: description(settings),
      license: { name: 'LGPL-2.1-or-later', identifier: 'LGPL-2.1-or-later' },
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'dictionary', description: 'Look-up, autocomplete and example sentences.' },
      { name: 'spellcheck', description: 'Text and single-word spellcheck.' },
      { name: 'romanization', description: 'Romanized Nepali to Devanagari.' },
      { name: 'live', description: 'The WebSocket channel for live typing and checking.' },
      { name: 'health', description: 'Probes; not rate limited.' },
      { name: 'meta', description: 'This document.' },
      { name: 'playground', description: 'A page to try the service in a browser (GET /) and its files.' },
      {
        name: 'languagetool',
        description:
          "LanguageTool's HTTP API at /v2/, for editors and their plug-ins (docs/editors.md): Nepali spellcheck with LanguageTool's parameters, answers and text/plain errors.",
      },
    ],
    // Anonymous access is the default; a partner key raises the limits.
    security: [{}, { partnerKey: [] }],
    paths,
    components: {
      schemas: Object.fromEntries(COMPONENTS.map(([n, s]) => [n, toJson(s, names, true)])),
      securitySchemes: {
        partnerKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'Partner key: its own rate limits (or none) instead of the anonymous ones. Unknown keys get 401.',
        },
      },
      headers: {
        'RateLimit-Limit': { description: 'Request quota of the policy nearest to exhaustion.', schema: { type: 'integer' } },
        'RateLimit-Remaining': { description: 'Requests left under that policy.', schema: { type: 'integer' } },
        'RateLimit-Reset': { description: 'Seconds until Remaining next grows (sliding window); 0 when nothing is counted.', schema: { type: 'integer' } },
        'RateLimit-Policy': { description: 'All policies as "<limit>;w=<seconds>", comma-separated.', schema: { type: 'string' } },
        Allow: { description: 'The methods this path has.', schema: { type: 'string' } },
        Upgrade: { description: 'The protocol to upgrade to: websocket.', schema: { type: 'string' } },
        'Retry-After': { description: 'On 429: seconds until a request would be accepted (same as error.retry_after).', schema: { type: 'integer' } },
        ETag: {
          description:
            'Weak validator of an answer that depends only on the data build: W/"<build id>-<digest of the request>" (of the playground\'s files: of their bytes). Send it back in If-None-Match for a 304.',
          schema: { type: 'string' },
        },
        'Cache-Control': {
          description: `How long a client or shared cache may reuse the answer before revalidating: ${CACHE_CONTROL} (the playground's files: no-cache, always revalidated).`,
          schema: { type: 'string' },
        },
        'Content-Security-Policy': {
          description: 'What the page may load and connect to: only this origin (its WebSocket included).',
          schema: { type: 'string' },
        },
      },
    },
  };
}
