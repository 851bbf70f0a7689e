// Romanization: POST /api/v1/romanization/resolve.

import { DetailBody } from '../../schemas/common.js';
import { ROMANIZATION_DESCRIPTION, RomanizationBodyValidator, RomanizationResponse } from '../../schemas/romanization-resolve.js';
import { route, type Route, type RouteDeps } from '../types.js';
import { BODY_RESPONSES, bodyDetails, COMMON_RESPONSES, okReply, POOL_BODY_BYTES, unwrap } from './common.js';

export function romanizationRoutes(deps: RouteDeps): Route[] {
  const { services } = deps;
  return [
    route({
      method: 'POST',
      path: '/api/v1/romanization/resolve',
      operationId: 'romanize',
      poolBodyBytes: POOL_BODY_BYTES,
      body: 'json',
      rateLimited: true,
      jsonBody: RomanizationBodyValidator,
      doc: {
        summary: 'Resolve romanized Nepali to Devanagari',
        description: ROMANIZATION_DESCRIPTION,
        tag: 'romanization',
        responses: {
          200: { description: 'Romanization result; start/end are null when tokens was used.', schema: RomanizationResponse },
          400: { description: bodyDetails(RomanizationBodyValidator.details), schema: DetailBody },
          ...BODY_RESPONSES,
          ...COMMON_RESPONSES,
        },
      },
      async handle({ ctx, body: r, signal, client }) {
        const job = { signal: signal(), encoding: ctx.encoding, client };
        const o = r.kind === 'text' ? await services.romanizeText(r.text, r.maxCandidates, job) : await services.romanizeTokens(r.tokens, r.maxCandidates, job);
        return okReply(unwrap(o, 'romanize'));
      },
    }),
  ];
}
