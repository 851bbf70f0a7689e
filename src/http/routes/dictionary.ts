// The dictionary: GET /api/v1/dictionary/word (and /word/{word}), suggest
// and examples. Their answers depend only on the data build and the code, so
// each carries an ETag and a matching If-None-Match is a 304 (caching.ts).

import { WordNotFoundBody } from '../../schemas/common.js';
import { EnglishQueryCheck, EnglishResponse, LATIN_LETTER } from '../../schemas/dictionary-english.js';
import { ExamplesQueryCheck, ExamplesResponse } from '../../schemas/dictionary-examples.js';
import { SuggestQueryCheck, SuggestResponse } from '../../schemas/dictionary-suggest.js';
import { DictionaryEntry, MultiDictResponse, VariantsResponse, WordPathParam, WordPathQueryCheck, WordQueryCheck } from '../../schemas/dictionary-word.js';
import { conditional } from '../caching.js';
import { httpError } from '../errors.js';
import { route, type Reply, type ResponseDoc, type Route, type RouteDeps } from '../types.js';
import { CACHED_HEADERS, COMMON_RESPONSES, notFound, NOT_MODIFIED, okReply, queryParamErrors, unwrap } from './common.js';

interface WordFlags {
  include_variants: boolean;
  multi_dict: boolean;
}

/** The ETag's text of a word look-up (the path and query forms ask the same question). */
function wordRequest(word: string, flags: WordFlags): string {
  return `word\n${word}\n${flags.include_variants}\n${flags.multi_dict}`;
}

function lookupWord(word: string, flags: WordFlags, deps: RouteDeps): Reply | Promise<Reply> {
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
    return okReply(unwrap(x, 'lookup'));
  };
  return o instanceof Promise ? o.then(reply) : reply(o);
}

async function lookupVariants(word: string, deps: RouteDeps): Promise<Reply> {
  const o = await deps.services.lookupVariants(word);
  if (!o.ok && o.code === 'WORD_NOT_FOUND') return notFound(word, deps);
  const v = unwrap(o, 'lookupVariants');
  if (v.entry === null && v.variants.length === 0) return notFound(word, deps);
  return { status: 200, body: v };
}

async function lookupMultiDict(word: string, deps: RouteDeps): Promise<Reply> {
  const o = await deps.services.lookupMultiDict(word);
  if (!o.ok && o.code === 'WORD_NOT_FOUND') return notFound(word, deps);
  const m = unwrap(o, 'lookupMultiDict');
  if (!m.results.some((r) => r.entry !== null)) return notFound(word, deps);
  return { status: 200, body: m };
}

export function dictionaryRoutes(deps: RouteDeps): Route[] {
  const { services } = deps;
  const wordResponses: Record<number, ResponseDoc> = {
    200: {
      description: 'The entry; with include_variants=true the entry and its spelling variants; with multi_dict=true one result per dictionary.',
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
    route({
      method: 'GET',
      path: '/api/v1/dictionary/word',
      operationId: 'lookupWord',
      body: false,
      rateLimited: true,
      query: WordQueryCheck,
      doc: {
        summary: 'Look up a word',
        description:
          'The dictionary entry of a headword. include_variants=true groups the entries that differ from the query only by common confusions (ि/ी, ु/ू, ं/ँ, श/ष/स, ब/व, halanta); multi_dict=true answers per dictionary. The two flags cannot be combined.',
        tag: 'dictionary',
        responses: wordResponses,
      },
      handle({ ctx, query }) {
        return conditional(ctx, services.dataVersion(), wordRequest(query.q, query), () => lookupWord(query.q, query, deps));
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/dictionary/word/{word}',
      operationId: 'lookupWordByPath',
      body: false,
      rateLimited: true,
      query: WordPathQueryCheck,
      pathParams: [{ name: 'word', schema: WordPathParam }],
      doc: {
        summary: 'Look up a word given in the path',
        description:
          'Same bodies as GET /api/v1/dictionary/word (the plain entry by default; include_variants and multi_dict work here too). The word is percent-encoded UTF-8.',
        tag: 'dictionary',
        responses: wordResponses,
      },
      handle({ ctx, query, params: [word] }) {
        return conditional(ctx, services.dataVersion(), wordRequest(word!, query), () => lookupWord(word!, query, deps));
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/dictionary/suggest',
      operationId: 'suggest',
      body: false,
      rateLimited: true,
      query: SuggestQueryCheck,
      doc: {
        summary: 'Autocomplete',
        description:
          'Headwords that begin with q: the exact match first, then words in more dictionaries, then words attested in real text, then shorter words, then code-point order.',
        tag: 'dictionary',
        responses: {
          200: { description: 'A JSON array of at most limit strings.', schema: SuggestResponse, headers: CACHED_HEADERS },
          304: NOT_MODIFIED,
          400: queryParamErrors(),
          ...COMMON_RESPONSES,
        },
      },
      handle({ ctx, query: q }) {
        return conditional(ctx, services.dataVersion(), `suggest\n${q.q}\n${q.limit}`, async () => {
          const list = unwrap(await services.suggest(q.q, q.limit), 'suggest');
          return { status: 200, body: list.slice(0, q.limit) };
        });
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/dictionary/english',
      operationId: 'searchEnglish',
      body: false,
      rateLimited: true,
      query: EnglishQueryCheck,
      doc: {
        summary: 'Search by English meaning',
        description:
          'The Nepali words whose English meanings match q (an English word or phrase: "water" gives पानी, जल...), each with all its meanings. Matching ignores case, a leading to/a/an/the and a parenthesised note, and tries the singular of a plural word that matches nothing. Best first: the query as a whole meaning, then as one word of a longer meaning; headwords before inflected forms; a meaning of the curated FOSS Nepal glossary before one only the crowdsourced dictionary gives; then the most frequent Nepali word first. An empty list when nothing matches.',
        tag: 'dictionary',
        responses: {
          200: { description: 'The matching words.', schema: EnglishResponse, headers: CACHED_HEADERS },
          304: NOT_MODIFIED,
          400: queryParamErrors('; a q without a Latin letter is INVALID_PARAMETER'),
          ...COMMON_RESPONSES,
        },
      },
      handle({ ctx, query: q }) {
        if (!LATIN_LETTER.test(q.q))
          throw httpError(
            'INVALID_PARAMETER',
            "Query parameter 'q' must be English (a word with Latin letters); to look up a Nepali word use GET /api/v1/dictionary/word",
          );
        return conditional(ctx, services.dataVersion(), `english\n${q.q}\n${q.limit}`, async () => ({
          status: 200,
          body: unwrap(await services.searchEnglish(q.q, q.limit), 'searchEnglish'),
        }));
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/dictionary/examples',
      operationId: 'examples',
      body: false,
      rateLimited: true,
      query: ExamplesQueryCheck,
      doc: {
        summary: 'Example sentences',
        description:
          'Sentences that use the word or one of its inflected forms, each with its source (thesaurus glosses, Nepali translation catalogs, imported corpora). An empty list when no sentence uses the word.',
        tag: 'dictionary',
        responses: {
          200: { description: 'Example sentences.', schema: ExamplesResponse, headers: CACHED_HEADERS },
          304: NOT_MODIFIED,
          400: queryParamErrors(),
          ...COMMON_RESPONSES,
        },
      },
      handle({ ctx, query: q }) {
        return conditional(ctx, services.dataVersion(), `examples\n${q.q}\n${q.limit}`, async () => {
          const o = await services.examples(q.q, q.limit);
          if (!o.ok && o.code === 'WORD_NOT_FOUND') return notFound(q.q, deps);
          const r = unwrap(o, 'examples');
          return { status: 200, body: { ...r, examples: r.examples.slice(0, q.limit) } };
        });
      },
    }),
  ];
}
