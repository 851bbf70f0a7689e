// The routes table: every endpoint as data (method, path, schemas, handler).
// server.ts registers these with uWS, and openapi.ts documents them from the
// same rows, so an endpoint cannot exist without its documentation.
//
// Handlers receive a RequestContext (copies, safe across awaits) and return a
// Reply or a Promise of one; parse errors are thrown as HttpError.

import type { Metrics } from './metrics.js';
import { Type, type TSchema } from 'typebox';
import { CONTEXT_SUMMARY, RANKING_SUMMARY, Serialized, type ContentEncoding, type Outcome, type Services, type SpellLevel } from '../dispatch/services.js';
import { BATCH_LINES, DictionaryBatchBody, MAX_BATCH_ITEMS, RomanizationBatchBody, SpellcheckBatchBody } from '../schemas/batch.js';
import {
  DetailBody,
  ErrorBody,
  RateLimitBody,
  UnavailableBody,
  WordNotFoundBody,
  API_VERSION,
} from '../schemas/common.js';
import { ExamplesQuery, ExamplesQueryCheck, ExamplesResponse } from '../schemas/dictionary-examples.js';
import { EnglishQuery, EnglishQueryCheck, EnglishResponse, LATIN_LETTER } from '../schemas/dictionary-english.js';
import { DOCUMENT_LINES, DocumentJsonBody, DocumentQuery, DocumentQueryCheck, DocumentTextBody, PIECE_LIMITS } from '../schemas/document.js';
import { SuggestQuery, SuggestQueryCheck, SuggestResponse } from '../schemas/dictionary-suggest.js';
import {
  DictionaryEntry,
  MultiDictResponse,
  VariantsResponse,
  WordPathParam,
  WordPathQuery,
  WordPathQueryCheck,
  WordQuery,
  WordQueryCheck,
} from '../schemas/dictionary-word.js';
import { HealthResponse } from '../schemas/health.js';
import { checkRomanizationBody, RomanizationBody, RomanizationResponse } from '../schemas/romanization-resolve.js';
import { checkSpellcheckTextBody, SpellcheckTextBody, SpellcheckTextResponse } from '../schemas/spellcheck-text.js';
import { SpellcheckWordQuery, SpellcheckWordQueryCheck, SpellcheckWordResponse } from '../schemas/spellcheck-word.js';
import { UpResponse } from '../schemas/up.js';
import { conditional } from './caching.js';
import { detailReply, errorReply, failureReply, HttpError, httpError } from './errors.js';
import { batchAnswer, documentAnswer, IN_FLIGHT_PER_THREAD } from './ndjson.js';
import { playgroundRoutes } from './playground-routes.js';
import { readPathParameter, readQuery } from './query.js';
import type { Quota, Reply, RequestContext } from './types.js';

export interface ResponseDoc {
  description: string;
  /** Alternative bodies (documented as oneOf); of an NDJSON answer, the kinds of its lines. */
  schema?: TSchema | TSchema[];
  /** application/json unless said (application/x-ndjson for streamed answers). */
  contentType?: string;
  /** Response headers beyond the ones every response carries. */
  headers?: string[];
  /** A status sent without a body (304). */
  noBody?: boolean;
}

export interface RouteDoc {
  summary: string;
  description: string;
  tag: string;
  query?: TSchema;
  pathParams?: { name: string; schema: TSchema }[];
  body?: TSchema;
  /** Request bodies by media type, where more than JSON is taken (documents: text/plain too). */
  bodyContent?: Record<string, TSchema>;
  responses: Record<number, ResponseDoc>;
}

export interface HandlerInput {
  ctx: RequestContext;
  /** The decoded JSON body (routes with a 'json' or 'batch' body, and documents sent as JSON). */
  body: unknown;
  /** The body's bytes as sent (documents sent as text/plain). */
  raw?: Buffer;
  /** Aborts when the client goes away (made on first use: most requests never need one). */
  signal(): AbortSignal;
  /** The client's rate limits, for requests that are several (documents, batches). */
  quota: Quota;
}

export interface Route {
  method: 'GET' | 'POST';
  /** OpenAPI form: /api/v1/dictionary/word/{word}. */
  path: string;
  operationId: string;
  /**
   * The body read: none; JSON (application/json, MAX_BODY_BYTES, 413 in
   * Shape A); or, up to DOCUMENT_MAX_BYTES with every problem (413 too) in
   * Shape B, a document (text/plain or JSON) or a batch (JSON).
   */
  body: false | 'json' | 'document' | 'batch';
  /** False for the probes (/up, /api/v1/health): they neither count against nor are refused by rate limits. */
  rateLimited: boolean;
  /**
   * A JSON body longer than this many bytes is a pool job: while the pool
   * refuses new jobs (Services.refuseIfOverloaded) the request is answered
   * 503 before its body is parsed and checked. Set where that is all the
   * route does with such a body (a text to spellcheck or romanize).
   */
  poolBodyBytes?: number;
  doc: RouteDoc;
  handle(input: HandlerInput): Reply | Promise<Reply>;
}

export interface RouteDeps {
  services: Services;
  countWords: (text: string) => number;
  isShuttingDown: () => boolean;
  /** An error line for the server log, with the id of the request it concerns when there is one. */
  logError: (message: string, err?: unknown, requestId?: string) => void;
  /** DOCUMENT_MAX_BYTES: the body cap of documents and batches. */
  documentMaxBytes: number;
  /** What GET /metrics exposes (metrics.ts). */
  metrics: Metrics;
  /** Impairments of the rate limits (the shared store not answering), for health. */
  rateLimitIssues?: () => string[];
}

const SIMILAR_WORDS_MAX = 5;

// The validators of answers that depend only on the data build (caching.ts).
const CACHED_HEADERS = ['ETag', 'Cache-Control'];
const NOT_MODIFIED: ResponseDoc = {
  description: 'Not Modified: If-None-Match holds this answer\'s ETag (the same request to the same data build; `*` where there is an answer), by GET or HEAD, whatever the Accept-Encoding. No body.',
  noBody: true,
  headers: CACHED_HEADERS,
};

// Responses every rate-limited endpoint may give, documented once.
const COMMON_RESPONSES: Record<number, ResponseDoc> = {
  401: { description: 'UNAUTHORIZED: the X-API-Key header names no partner key.', schema: ErrorBody },
  429: { description: 'RATE_LIMIT_EXCEEDED, with error.retry_after and a Retry-After header.', schema: RateLimitBody, headers: ['Retry-After'] },
  500: { description: 'INTERNAL_ERROR: {"error":{"code":"INTERNAL_ERROR","message":"Internal server error"}}; details go to the server log only.', schema: ErrorBody },
  503: {
    description:
      'SERVICE_UNAVAILABLE: the service is overloaded (a text job would wait for a worker longer than QUEUE_MAX_WAIT_MS, or QUEUE_MAX jobs already wait: refused at once, with error.retry_after and a Retry-After header; a spellcheck/text or romanization/resolve body over 2 KiB is then refused before it is parsed) or shutting down; retry after the time given.',
    schema: UnavailableBody,
    headers: ['Retry-After'],
  },
};

/**
 * Bodies of spellcheck/text and romanization/resolve longer than this are
 * refused 503 before they are parsed while the pool refuses new jobs: a
 * text that long is a pool job (texts up to 200 characters run inline, about
 * 600 bytes of Devanagari), and under a flood of them parsing and counting
 * each body (about 150 µs for a near-limit text) was most of what the main
 * thread spent on a request it then refused (bench/RESULTS.md, session 15).
 */
const POOL_BODY_BYTES = 2048;

const BODY_RESPONSES: Record<number, ResponseDoc> = {
  413: { description: 'PAYLOAD_TOO_LARGE: the body is over the byte cap (MAX_BODY_BYTES, 256 KiB by default); refused as it arrives and the connection is closed.', schema: ErrorBody },
  415: { description: 'UNSUPPORTED_MEDIA_TYPE: Content-Type is not application/json (a charset, when given, must be utf-8).', schema: ErrorBody },
};

function queryParamErrors(extra = ''): ResponseDoc {
  return {
    description: `MISSING_PARAMETER (message names the parameter) or INVALID_PARAMETER (out of range, not a boolean/integer, over 100 characters, given twice, malformed percent-encoding)${extra}.`,
    schema: ErrorBody,
  };
}

/** An Outcome's value; a failure becomes its catalog reply (thrown). */
function unwrap<T>(o: Outcome<T>, what: string, deps: RouteDeps): T {
  if (o.ok) return o.value;
  throw new HttpError(failureReply(o, what));
}

/** A 200 reply; a result a worker already serialized (and maybe compressed) is sent as it is. */
function okReply<T>(value: T | Serialized<T>): Reply {
  return value instanceof Serialized ? { status: 200, json: value.json, encoding: value.encoding } : { status: 200, body: value };
}

/** The WORD_NOT_FOUND reply (404 body: the word and up to 5 similar words). */
function wordNotFound(word: string, similar: string[]): Reply {
  return errorReply('WORD_NOT_FOUND', `Word '${word}' not found in the dictionary`, { similarWords: similar.slice(0, SIMILAR_WORDS_MAX) });
}

async function notFound(word: string, deps: RouteDeps, similar?: string[]): Promise<Reply> {
  let words = similar;
  let log: string | undefined;
  if (words === undefined) {
    const o = await deps.services.similarWords(word, SIMILAR_WORDS_MAX);
    if (o.ok) words = o.value;
    else {
      // The 404 is still the right answer; only its hints are missing.
      log = `similarWords failed: ${o.message}`;
      words = [];
    }
  }
  const reply = wordNotFound(word, words);
  return log === undefined ? reply : { ...reply, log };
}

/** The ETag's text of a word look-up (the path and query forms ask the same question). */
function wordRequest(word: string, flags: { include_variants: boolean; multi_dict: boolean }): string {
  return `word\n${word}\n${flags.include_variants}\n${flags.multi_dict}`;
}

function lookupWord(word: string, flags: { include_variants: boolean; multi_dict: boolean }, deps: RouteDeps): Reply | Promise<Reply> {
  const { services } = deps;
  if (flags.include_variants && flags.multi_dict) {
    throw httpError('INVALID_PARAMETER', 'include_variants and multi_dict cannot be combined; ask for one of them');
  }
  if (flags.include_variants) return lookupVariants(word, deps);
  if (flags.multi_dict) return lookupMultiDict(word, deps);
  // The plain entry: answered at once when the store has the word (the common case).
  const o = services.lookup(word);
  const reply = (x: Awaited<typeof o>): Reply | Promise<Reply> => {
    if (!x.ok && x.code === 'WORD_NOT_FOUND') return notFound(word, deps, x.similarWords);
    return okReply(unwrap(x, 'lookup', deps));
  };
  return o instanceof Promise ? o.then(reply) : reply(o);
}

async function lookupVariants(word: string, deps: RouteDeps): Promise<Reply> {
  const o = await deps.services.lookupVariants(word);
  if (!o.ok && o.code === 'WORD_NOT_FOUND') return notFound(word, deps);
  const v = unwrap(o, 'lookupVariants', deps);
  if (v.entry === null && v.variants.length === 0) return notFound(word, deps);
  return { status: 200, body: v };
}

async function lookupMultiDict(word: string, deps: RouteDeps): Promise<Reply> {
  const o = await deps.services.lookupMultiDict(word);
  if (!o.ok && o.code === 'WORD_NOT_FOUND') return notFound(word, deps);
  const m = unwrap(o, 'lookupMultiDict', deps);
  if (!m.results.some((r) => r.entry !== null)) return notFound(word, deps);
  return { status: 200, body: m };
}

export function buildRoutes(deps: RouteDeps): Route[] {
  const { services } = deps;
  const wordResponses: Record<number, ResponseDoc> = {
    200: {
      description:
        'The entry; with include_variants=true the entry and its spelling variants; with multi_dict=true one result per dictionary.',
      schema: [DictionaryEntry, VariantsResponse, MultiDictResponse],
      headers: CACHED_HEADERS,
    },
    304: NOT_MODIFIED,
    400: queryParamErrors('; include_variants and multi_dict together are INVALID_PARAMETER'),
    404: {
      description:
        'WORD_NOT_FOUND: no dictionary has the word (with include_variants: neither the word nor a variant; with multi_dict: no dictionary). similar_words holds up to 5 suggestions, best first.',
      schema: WordNotFoundBody,
    },
    ...COMMON_RESPONSES,
  };

  return [
    {
      method: 'GET',
      path: '/up',
      operationId: 'up',
      body: false,
      rateLimited: false,
      doc: {
        summary: 'Uptime probe',
        description: 'Not rate limited, so load balancers and orchestrators can poll it freely.',
        tag: 'health',
        responses: {
          200: { description: '{"status":"ok"}', schema: UpResponse },
          503: { description: '{"status":"error"}: the store cannot be read, or the service is shutting down.', schema: UpResponse },
        },
      },
      handle(input) {
        let readable = false;
        try {
          readable = services.storeReadable();
        } catch (e) {
          deps.logError('storeReadable threw', e, input.ctx.requestId);
        }
        const up = readable && !deps.isShuttingDown();
        const body: UpResponse = { status: up ? 'ok' : 'error' };
        return { status: up ? 200 : 503, body };
      },
    },
    {
      method: 'GET',
      path: '/metrics',
      operationId: 'metrics',
      body: false,
      rateLimited: false,
      doc: {
        summary: 'Metrics for Prometheus',
        description:
          'The Prometheus text exposition format (prom-client): requests by method, route and status (`nls_http_requests_total`), latency histograms per route (`nls_http_request_duration_seconds`), rate-limit refusals, the worker pool (workers, running, queued, utilisation, admitted, refused, cancelled and timed-out jobs), the spellcheck cache hits and misses, each engine cache\'s bytes, entries and budget, memory (RssAnon and the mapped store apart, V8 heap used and committed), `nls_degraded`, the process\'s CPU time (`nls_process_cpu_seconds_total`) and the main thread\'s event-loop delay (`nls_eventloop_delay_seconds`). Not rate limited and open to whoever reaches it: behind a proxy, keep it internal (deploy/ notes). Label values are bounded (known routes or "unmatched", known methods or "other").',
        tag: 'health',
        responses: {
          200: { description: 'Prometheus text format 0.0.4.', schema: Type.String(), contentType: 'text/plain; version=0.0.4; charset=utf-8' },
          500: COMMON_RESPONSES[500]!,
        },
      },
      async handle() {
        const text = await deps.metrics.render(await services.health());
        return { status: 200, json: text, contentType: deps.metrics.contentType };
      },
    },
    {
      method: 'GET',
      path: '/api/v1/health',
      operationId: 'health',
      body: false,
      rateLimited: false,
      doc: {
        summary: 'Service health',
        description:
          'Counts from the store metadata, Bloom filter state, LRU cache counters summed over all threads. "degraded" (still HTTP 200) with an issues array when something is impaired, e.g. the Bloom filter is missing, a worker is being replaced, or the service is shutting down. Not rate limited.',
        tag: 'health',
        responses: { 200: { description: 'Health result.', schema: HealthResponse }, 500: COMMON_RESPONSES[500]! },
      },
      async handle() {
        const h = await services.health();
        const issues = [...h.issues, ...(deps.rateLimitIssues?.() ?? [])];
        if (deps.isShuttingDown()) issues.push('the service is shutting down');
        const body: HealthResponse = {
          status: issues.length > 0 ? 'degraded' : 'healthy',
          version: API_VERSION,
          database: { connected: h.databaseConnected, entries_count: h.entriesCount, words_count: h.wordsCount },
          cache: { bloom_filter: h.bloomLoaded, lru_cache_hits: h.lruHits, lru_cache_misses: h.lruMisses },
        };
        if (h.pool) {
          const p = h.pool;
          body.pool = {
            workers: p.workers,
            running: p.running,
            queued: p.queued,
            admitted: p.admitted,
            refused: p.refused,
            refused_waiting: p.refusedWaiting,
            cancelled: p.cancelled,
            timed_out: p.timedOut,
            job_ms: p.jobMs,
          };
        }
        if (h.memory) {
          const m = h.memory;
          const mib = (b: number): number => Math.round((b / 2 ** 20) * 10) / 10;
          body.memory = {
            rss_anon_mib: m.rssAnonBytes === null ? null : mib(m.rssAnonBytes),
            rss_file_mib: m.rssFileBytes === null ? null : mib(m.rssFileBytes),
            heap_mib: mib(m.heapBytes),
            heap_committed_mib: mib(m.heapCommittedBytes),
            external_mib: mib(m.externalBytes),
            threads: m.threads,
            cache_budget_mib: mib(m.cacheBudgetBytes),
            caches: Object.fromEntries(m.caches.map((c) => [c.name, { entries: c.entries, mib: mib(c.bytes), budget_mib: mib(c.budgetBytes) }])),
          };
        }
        if (issues.length > 0) body.issues = issues;
        return { status: 200, body };
      },
    },
    {
      method: 'GET',
      path: '/api/v1/dictionary/word',
      operationId: 'lookupWord',
      body: false,
      rateLimited: true,
      doc: {
        summary: 'Look up a word',
        description:
          'The dictionary entry of a headword. include_variants=true groups the entries that differ from the query only by common confusions (ि/ी, ु/ू, ं/ँ, श/ष/स, ब/व, halanta); multi_dict=true answers per dictionary. The two flags cannot be combined.',
        tag: 'dictionary',
        query: WordQuery,
        responses: wordResponses,
      },
      handle({ ctx }) {
        const q = readQuery(ctx.query, WordQueryCheck);
        return conditional(ctx, services.dataVersion(), wordRequest(q.q, q), () => lookupWord(q.q, q, deps));
      },
    },
    {
      method: 'GET',
      path: '/api/v1/dictionary/word/{word}',
      operationId: 'lookupWordByPath',
      body: false,
      rateLimited: true,
      doc: {
        summary: 'Look up a word given in the path',
        description:
          'Same bodies as GET /api/v1/dictionary/word (the plain entry by default; include_variants and multi_dict work here too). The word is percent-encoded UTF-8.',
        tag: 'dictionary',
        pathParams: [{ name: 'word', schema: WordPathParam }],
        query: WordPathQuery,
        responses: wordResponses,
      },
      handle({ ctx }) {
        const word = readPathParameter('word', ctx.params[0], WordPathParam);
        const q = readQuery(ctx.query, WordPathQueryCheck);
        return conditional(ctx, services.dataVersion(), wordRequest(word, q), () => lookupWord(word, q, deps));
      },
    },
    {
      method: 'GET',
      path: '/api/v1/dictionary/suggest',
      operationId: 'suggest',
      body: false,
      rateLimited: true,
      doc: {
        summary: 'Autocomplete',
        description:
          'Headwords that begin with q: the exact match first, then words in more dictionaries, then words attested in real text, then shorter words, then code-point order.',
        tag: 'dictionary',
        query: SuggestQuery,
        responses: {
          200: { description: 'A JSON array of at most limit strings.', schema: SuggestResponse, headers: CACHED_HEADERS },
          304: NOT_MODIFIED,
          400: queryParamErrors(),
          ...COMMON_RESPONSES,
        },
      },
      handle({ ctx }) {
        const q = readQuery(ctx.query, SuggestQueryCheck);
        return conditional(ctx, services.dataVersion(), `suggest\n${q.q}\n${q.limit}`, async () => {
          const list = unwrap(await services.suggest(q.q, q.limit), 'suggest', deps);
          return { status: 200, body: list.slice(0, q.limit) };
        });
      },
    },
    {
      method: 'GET',
      path: '/api/v1/dictionary/examples',
      operationId: 'examples',
      body: false,
      rateLimited: true,
      doc: {
        summary: 'Example sentences',
        description:
          'Sentences that use the word or one of its inflected forms, each with its source (thesaurus glosses, Nepali translation catalogs, imported corpora). An empty list when no sentence uses the word.',
        tag: 'dictionary',
        query: ExamplesQuery,
        responses: {
          200: { description: 'Example sentences.', schema: ExamplesResponse, headers: CACHED_HEADERS },
          304: NOT_MODIFIED,
          400: queryParamErrors(),
          ...COMMON_RESPONSES,
        },
      },
      handle({ ctx }) {
        const q = readQuery(ctx.query, ExamplesQueryCheck);
        return conditional(ctx, services.dataVersion(), `examples\n${q.q}\n${q.limit}`, async () => {
          const o = await services.examples(q.q, q.limit);
          if (!o.ok && o.code === 'WORD_NOT_FOUND') return notFound(q.q, deps);
          const r = unwrap(o, 'examples', deps);
          return { status: 200, body: { ...r, examples: r.examples.slice(0, q.limit) } };
        });
      },
    },
    {
      method: 'GET',
      path: '/api/v1/dictionary/english',
      operationId: 'searchEnglish',
      body: false,
      rateLimited: true,
      doc: {
        summary: 'Search by English meaning',
        description:
          'The Nepali words whose English meanings match q (an English word or phrase: "water" gives पानी, जल...), each with all its meanings. Matching ignores case, a leading to/a/an/the and a parenthesised note, and tries the singular of a plural word that matches nothing. Best first: the query as a whole meaning, then as one word of a longer meaning; headwords before inflected forms; a meaning of the curated FOSS Nepal glossary before one only the crowdsourced dictionary gives; then the most frequent Nepali word first. An empty list when nothing matches.',
        tag: 'dictionary',
        query: EnglishQuery,
        responses: {
          200: { description: 'The matching words.', schema: EnglishResponse, headers: CACHED_HEADERS },
          304: NOT_MODIFIED,
          400: queryParamErrors('; a q without a Latin letter is INVALID_PARAMETER'),
          ...COMMON_RESPONSES,
        },
      },
      handle({ ctx }) {
        const q = readQuery(ctx.query, EnglishQueryCheck);
        if (!LATIN_LETTER.test(q.q)) throw httpError('INVALID_PARAMETER', "Query parameter 'q' must be English (a word with Latin letters); to look up a Nepali word use GET /api/v1/dictionary/word");
        return conditional(ctx, services.dataVersion(), `english\n${q.q}\n${q.limit}`, async () => ({ status: 200, body: unwrap(await services.searchEnglish(q.q, q.limit), 'searchEnglish', deps) }));
      },
    },
    {
      method: 'POST',
      path: '/api/v1/spellcheck/text',
      operationId: 'spellcheckText',
      poolBodyBytes: POOL_BODY_BYTES,
      body: 'json',
      rateLimited: true,
      doc: {
        summary: 'Spellcheck a text',
        description:
          'At most 10,000 characters (Unicode code points of the text as sent) and 1,000 words (whitespace-separated chunks containing a letter or digit). Every body error is Shape B {"detail": ...}.',
        tag: 'spellcheck',
        body: SpellcheckTextBody,
        responses: {
          200: { description: 'Spellcheck text result.', schema: SpellcheckTextResponse },
          400: {
            description:
              'Shape B. detail is one of: "Text exceeds 10000 characters", "Text exceeds 1000 words", "Field \'text\' is required" (missing or null), "Field \'text\' must be a string", "Request body must be a JSON object", "Request body is not valid JSON", "Request body is empty; expected a JSON object", "Request body is not valid UTF-8".',
            schema: DetailBody,
          },
          ...BODY_RESPONSES,
          ...COMMON_RESPONSES,
        },
      },
      async handle({ ctx, body, signal }) {
        const c = checkSpellcheckTextBody(body, deps.countWords);
        if (!c.ok) return detailReply(c.detail);
        return okReply(unwrap(await services.spellcheckText(c.value.text, { signal: signal(), encoding: ctx.encoding, level: c.value.level }), 'spellcheckText', deps));
      },
    },
    {
      method: 'GET',
      path: '/api/v1/spellcheck/word',
      operationId: 'spellcheckWord',
      body: false,
      rateLimited: true,
      doc: {
        summary: 'Spellcheck one word',
        description: 'status correct, misspelled (with corrections) or unknown (corrections null).',
        tag: 'spellcheck',
        query: SpellcheckWordQuery,
        responses: {
          200: { description: 'Spellcheck word result.', schema: SpellcheckWordResponse },
          400: queryParamErrors('; whitespace inside the word is INVALID_PARAMETER'),
          ...COMMON_RESPONSES,
        },
      },
      async handle({ ctx }) {
        const q = readQuery(ctx.query, SpellcheckWordQueryCheck);
        if (/\s/u.test(q.word)) throw httpError('INVALID_PARAMETER', "Query parameter 'word' must be a single word (no whitespace); use POST /api/v1/spellcheck/text for text");
        return { status: 200, body: unwrap(await services.spellcheckWord(q.word, undefined, q.level as SpellLevel), 'spellcheckWord', deps) };
      },
    },
    {
      method: 'POST',
      path: '/api/v1/romanization/resolve',
      operationId: 'romanize',
      poolBodyBytes: POOL_BODY_BYTES,
      body: 'json',
      rateLimited: true,
      doc: {
        summary: 'Resolve romanized Nepali to Devanagari',
        description:
          'Exactly one of text (at most 10,000 characters, 1,000 words and 2,000 tokens) or tokens (at most 1,000 tokens of at most 100 characters). max_candidates: default 5, 1..10. Every body error is Shape B {"detail": ...}.\n\n**Ranking.** ' +
          RANKING_SUMMARY +
          '\n\n**Context.** ' +
          CONTEXT_SUMMARY,
        tag: 'romanization',
        body: RomanizationBody,
        responses: {
          200: { description: 'Romanization result; start/end are null when tokens was used.', schema: RomanizationResponse },
          400: {
            description:
              'Shape B. detail is one of: "Provide either \'text\' or \'tokens\'" (neither, or both null), "Provide either \'text\' or \'tokens\', not both", "Field \'text\' must be a string", "Text exceeds 10000 characters", "Text exceeds 1000 words", "Text exceeds 2000 tokens", "Field \'tokens\' must be an array of strings", "Field \'tokens\' has more than 1000 items", "Each token must be at most 100 characters", "Field \'max_candidates\' must be an integer between 1 and 10", and the body errors of spellcheck text (not a JSON object, not valid JSON, empty, not valid UTF-8).',
            schema: DetailBody,
          },
          ...BODY_RESPONSES,
          ...COMMON_RESPONSES,
        },
      },
      async handle({ ctx, body, signal }) {
        const c = checkRomanizationBody(body, deps.countWords);
        if (!c.ok) return detailReply(c.detail);
        const r = c.value;
        const job = { signal: signal(), encoding: ctx.encoding };
        const o = r.kind === 'text' ? await services.romanizeText(r.text, r.maxCandidates, job) : await services.romanizeTokens(r.tokens, r.maxCandidates, job);
        return okReply(unwrap(o, 'romanize', deps));
      },
    },
    {
      method: 'GET',
      path: '/api/v1/live',
      operationId: 'live',
      body: false,
      rateLimited: true,
      doc: {
        summary: 'Live channel (WebSocket)',
        description:
          'A WebSocket for live typing and checking: JSON text messages {"id", "op", ...the REST fields}, op one of romanize, romanize_tokens, spellcheck, spellcheck_word, suggest, lookup, english; each answered {"id", "op", "result": <the REST body>} or {"id", "op", "error": {"code", "message"}}, in any order. The upgrade counts as one request of the rate limits (a partner key in X-API-Key or the `key` query parameter); after it, budgets per connection (LIVE_MESSAGES_PER_SECOND, LIVE_BURST, LIVE_CHARACTERS_PER_MINUTE, LIVE_MAX_PENDING, LIVE_MAX_MESSAGE_BYTES), caps on connections (LIVE_MAX_CONNECTIONS_PER_CLIENT, LIVE_MAX_CONNECTIONS), an idle timeout with pings and a slow-reader rule. The protocol, every limit and close code: docs/api.md, "Live channel". A GET without an Upgrade header is answered 426.',
        tag: 'live',
        query: Type.Object({
          key: Type.Optional(Type.String({ description: 'A partner key, for clients that cannot set X-API-Key on an upgrade (browsers). Never logged.' })),
        }),
        responses: {
          101: { description: 'Switching Protocols: the WebSocket is open; the first message is {"op": "ready", "api_version", "data_version", "limits"}.' },
          403: { description: 'FORBIDDEN: CORS_ORIGINS lists origins and the upgrade\'s Origin is not one of them (browsers do not apply CORS to WebSockets).', schema: ErrorBody },
          426: { description: 'UPGRADE_REQUIRED: a GET without a WebSocket upgrade.', schema: ErrorBody, headers: ['Upgrade'] },
          ...COMMON_RESPONSES,
          429: { description: 'RATE_LIMIT_EXCEEDED (retry_after, Retry-After): the upgrade is over the client\'s rate limit, or the client holds LIVE_MAX_CONNECTIONS_PER_CLIENT live connections already.', schema: RateLimitBody, headers: ['Retry-After'] },
          503: { description: 'SERVICE_UNAVAILABLE (retry_after, Retry-After): shutting down, or LIVE_MAX_CONNECTIONS connections are open.', schema: UnavailableBody, headers: ['Retry-After'] },
        },
      },
      handle() {
        return errorReply('UPGRADE_REQUIRED', 'GET /api/v1/live is a WebSocket: send Upgrade: websocket (docs/api.md, "Live channel")', { headers: { Upgrade: 'websocket' } });
      },
    },
    ...documentRoutes(deps),
    ...batchRoutes(deps),
    ...playgroundRoutes(deps),
  ];
}

const NDJSON = 'application/x-ndjson';

const STREAM_NOTE =
  'The answer is application/x-ndjson (one JSON object a line), streamed as lines are ready, and compressed as it streams when Accept-Encoding allows (each line flushed). Status and headers go out with the first line; a failure after that is reported in the lines. A client that goes away stops the work.';

const RATE_NOTE_DOCUMENT =
  'Rate limits: every piece counts as one request (this request is the first). The document is answered whole or refused: 429 when the quota cannot take all its pieces now (with the wait until it can; the request is then not counted), 400 (Shape B) when it needs more pieces than a window of the limit holds. Partner keys count the same way against their own limits.';

const RATE_NOTE_BATCH =
  'Rate limits: every item counts as one request (this request is the first). Items the quota cannot take are answered with RATE_LIMIT_EXCEEDED lines (with retry_after); the others are answered. Partner keys count the same way against their own limits.';

function documentRoutes(deps: RouteDeps): Route[] {
  const failure = (o: Outcome<never>, what: string) => failureReply(o, what);
  const bodyErrors = (extra: string): ResponseDoc => ({
    description: `Shape B, before any work: "Request body is not valid UTF-8", "Document has a word of more than 10000 characters (at offset N); it cannot be split into pieces"${extra}, the needs-more-than-a-window rate-limit refusal; for a JSON body also "Request body is not valid JSON", "Request body must be a JSON object", "Field 'text' is required", "Field 'text' must be a string".`,
    schema: DetailBody,
  });
  const common: Record<number, ResponseDoc> = {
    413: { description: `Shape B {"detail": "Document exceeds ${deps.documentMaxBytes} bytes"} (DOCUMENT_MAX_BYTES), refused as it arrives; the connection is closed.`, schema: DetailBody },
    415: { description: 'UNSUPPORTED_MEDIA_TYPE: the body must be text/plain (charset utf-8 or none) or application/json.', schema: ErrorBody },
    ...COMMON_RESPONSES,
    429: { description: `RATE_LIMIT_EXCEEDED (Shape A, retry_after, Retry-After): the client's quota cannot take all the document's pieces now (the request is then not counted).`, schema: RateLimitBody, headers: ['Retry-After'] },
  };
  const limits = (kind: 'spellcheck' | 'romanization'): string => {
    const l = PIECE_LIMITS[kind];
    return `${l.characters.toLocaleString('en')} characters and ${l.words.toLocaleString('en')} words${Number.isFinite(l.tokens) ? ` and ${l.tokens.toLocaleString('en')} tokens` : ''}`;
  };
  const description = (kind: 'spellcheck' | 'romanization', single: string) =>
    `A whole document, up to DOCUMENT_MAX_BYTES (${deps.documentMaxBytes} bytes) of UTF-8, as text/plain or as JSON {"text": ...}. The service splits it into pieces of at most ${limits(kind)} (the limits of ${single}), ending at a paragraph break, else a sentence end, else whitespace, never inside a word or a grapheme, the first piece an eighth of that (a quick first line), and runs them on the worker pool in parallel (${IN_FLIGHT_PER_THREAD} per worker thread at a time). One line per piece in document order, with the fields of ${single} for the piece's text and every offset relative to the whole document (start and end of the piece: the pieces tile the document), then a totals line. ${STREAM_NOTE}\n\n${RATE_NOTE_DOCUMENT}\n\nAdmission: the first piece is admitted like any request (503 at once when the service is overloaded, before any line); the later pieces wait for a thread.`;
  return [
    {
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
          200: { description: 'NDJSON: a line per piece, or an error line for a piece that failed; then the totals line.', schema: DOCUMENT_LINES.spellcheck, contentType: NDJSON },
          400: bodyErrors(''),
          ...common,
        },
      },
      handle(input) {
        return documentAnswer('spellcheck', input, deps, failure, 0);
      },
    },
    {
      method: 'POST',
      path: '/api/v1/romanization/document',
      operationId: 'romanizeDocument',
      body: 'document',
      rateLimited: true,
      doc: {
        summary: 'Romanize a whole document (NDJSON)',
        description: description('romanization', 'POST /api/v1/romanization/resolve (text)') + ' max_candidates: the query parameter, or a field of a JSON body.',
        tag: 'romanization',
        query: DocumentQuery,
        bodyContent: { 'text/plain': DocumentTextBody, 'application/json': DocumentJsonBody },
        responses: {
          200: { description: 'NDJSON: a line per piece, or an error line for a piece that failed; then the totals line.', schema: DOCUMENT_LINES.romanization, contentType: NDJSON },
          400: bodyErrors(', "...more than 2000 tokens..."; max_candidates out of range: INVALID_PARAMETER (query, Shape A) or "Field \'max_candidates\' must be an integer between 1 and 10" (JSON body)'),
          ...common,
        },
      },
      handle(input) {
        const q = readQuery(input.ctx.query, DocumentQueryCheck);
        return documentAnswer('romanization', input, deps, failure, q.max_candidates);
      },
    },
  ];
}

function batchRoutes(deps: RouteDeps): Route[] {
  const failure = (o: Outcome<never>, what: string) => failureReply(o, what);
  const responses = (kind: 'spellcheck' | 'romanization' | 'dictionary', items: string): Record<number, ResponseDoc> => ({
    200: { description: `NDJSON, a line per item as it finishes: {"id","index","result"} (${items}), {"id","index","detail"} for an invalid item (the detail its single endpoint gives), {"id","index","error"} for one not answered.`, schema: BATCH_LINES[kind], contentType: NDJSON },
    400: {
      description: `Shape B: "Field 'items' must be a non-empty array", "Field 'items' has more than ${MAX_BATCH_ITEMS} items", "Request body must be a JSON object", "Request body is not valid JSON", "Request body is empty; expected a JSON object", "Request body is not valid UTF-8".`,
      schema: DetailBody,
    },
    413: { description: `Shape B {"detail": "Request body exceeds ${deps.documentMaxBytes} bytes"} (DOCUMENT_MAX_BYTES); the connection is closed.`, schema: DetailBody },
    415: BODY_RESPONSES[415]!,
    ...COMMON_RESPONSES,
  });
  const description = (what: string) =>
    `{"items": [{"id": ..., ${what}}, ...]}: 1 to ${MAX_BATCH_ITEMS} items, each checked as its single endpoint checks a request; id is a string (at most 200 characters) or an integer, echoed in the item's line with its index. The items run on the worker pool in groups, in parallel; an invalid item does not fail the others. ${STREAM_NOTE}\n\n${RATE_NOTE_BATCH}`;
  const notFound = (word: string, similar: string[]) => wordNotFound(word, similar);
  return [
    {
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
    },
    {
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
    },
    {
      method: 'POST',
      path: '/api/v1/dictionary/batch',
      operationId: 'lookupBatch',
      body: 'batch',
      rateLimited: true,
      doc: {
        summary: 'Look up many words (NDJSON)',
        description: description('"word": ... (as GET /dictionary/word?q=)') + ' A word no dictionary has gets an error line WORD_NOT_FOUND with similar_words, as the 404 of the single endpoint.',
        tag: 'dictionary',
        body: DictionaryBatchBody,
        responses: responses('dictionary', 'the entry, 2.1'),
      },
      handle(input) {
        return batchAnswer('dictionary', input, deps, failure, notFound);
      },
    },
  ];
}

/** The OpenAPI route is added by the server once the document exists; its row lives here for the table. */
export function openApiRoute(document: (encoding: ContentEncoding | null) => { json: Uint8Array; encoding: ContentEncoding | null }): Route {
  return {
    method: 'GET',
    path: '/api/v1/openapi.json',
    operationId: 'openapi',
    body: false,
    rateLimited: true,
    doc: {
      summary: 'This OpenAPI 3.1 document',
      description: 'Generated at start-up from the same schemas that validate requests.',
      tag: 'meta',
      responses: { 200: { description: 'The OpenAPI 3.1 document.' }, 429: COMMON_RESPONSES[429]! },
    },
    handle({ ctx }) {
      return { status: 200, ...document(ctx.encoding) };
    },
  };
}
