// Spellcheck: POST /api/v1/spellcheck/text and GET /api/v1/spellcheck/word.

import { DetailBody, type SpellLevelValue } from '../../schemas/common.js';
import { MAX_TEXT_CHARACTERS, MAX_TEXT_WORDS, SpellcheckTextBodyValidator, SpellcheckTextResponse } from '../../schemas/spellcheck-text.js';
import { SpellcheckWordQueryCheck, SpellcheckWordResponse } from '../../schemas/spellcheck-word.js';
import { httpError } from '../errors.js';
import { route, type Route, type RouteDeps } from '../types.js';
import { BODY_RESPONSES, bodyDetails, COMMON_RESPONSES, okReply, POOL_BODY_BYTES, queryParamErrors, unwrap } from './common.js';

export function spellcheckRoutes(deps: RouteDeps): Route[] {
  const { services } = deps;
  return [
    route({
      method: 'POST',
      path: '/api/v1/spellcheck/text',
      operationId: 'spellcheckText',
      poolBodyBytes: POOL_BODY_BYTES,
      body: 'json',
      rateLimited: true,
      jsonBody: SpellcheckTextBodyValidator,
      doc: {
        summary: 'Spellcheck a text',
        description: `At most ${MAX_TEXT_CHARACTERS.toLocaleString('en')} characters (Unicode code points of the text as sent) and ${MAX_TEXT_WORDS.toLocaleString('en')} words (whitespace-separated chunks containing a letter or digit). Every body error is Shape B {"detail": ...}.`,
        tag: 'spellcheck',
        responses: {
          200: { description: 'Spellcheck text result.', schema: SpellcheckTextResponse },
          400: { description: bodyDetails(SpellcheckTextBodyValidator.details), schema: DetailBody },
          ...BODY_RESPONSES,
          ...COMMON_RESPONSES,
        },
      },
      async handle({ ctx, body, signal, client }) {
        return okReply(
          unwrap(await services.spellcheckText(body.text, { signal: signal(), encoding: ctx.encoding, level: body.level, client }), 'spellcheckText'),
        );
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/spellcheck/word',
      operationId: 'spellcheckWord',
      body: false,
      rateLimited: true,
      query: SpellcheckWordQueryCheck,
      doc: {
        summary: 'Spellcheck one word',
        description: 'status correct, misspelled (with corrections) or unknown (corrections null).',
        tag: 'spellcheck',
        responses: {
          200: { description: 'Spellcheck word result.', schema: SpellcheckWordResponse },
          400: queryParamErrors('; whitespace inside the word is INVALID_PARAMETER'),
          ...COMMON_RESPONSES,
        },
      },
      async handle({ query: q }) {
        if (/\s/u.test(q.word))
          throw httpError('INVALID_PARAMETER', "Query parameter 'word' must be a single word (no whitespace); use POST /api/v1/spellcheck/text for text");
        return { status: 200, body: unwrap(await services.spellcheckWord(q.word, undefined, q.level as SpellLevelValue), 'spellcheckWord') };
      },
    }),
  ];
}
