// GET /api/v1/health

import Type, { type Static } from 'typebox';

export const HealthResponse = Type.Object(
  {
    status: Type.Union([Type.Literal('healthy'), Type.Literal('degraded')]),
    version: Type.String({ description: 'API version: "v1", the version in the path.' }),
    database: Type.Object(
      {
        connected: Type.Boolean({ description: 'The word store can be read.' }),
        entries_count: Type.Integer({ minimum: 0, description: 'Dictionary headwords available.' }),
        words_count: Type.Integer({ minimum: 0, description: 'Vocabulary forms available to spellcheck.' }),
      },
      { additionalProperties: false },
    ),
    cache: Type.Object(
      {
        bloom_filter: Type.Boolean({ description: 'The Bloom filter is loaded and verified.' }),
        lru_cache_hits: Type.Integer({ minimum: 0, description: 'Cache hits summed over all worker threads since start.' }),
        lru_cache_misses: Type.Integer({ minimum: 0, description: 'Cache misses summed over all worker threads since start.' }),
      },
      { additionalProperties: false },
    ),
    issues: Type.Optional(
      Type.Array(Type.String(), { minItems: 1, description: 'Present only when degraded: human-readable impairments.' }),
    ),
  },
  { additionalProperties: false, description: 'Health result (2.6). HTTP status 200 for both healthy and degraded.' },
);
export type HealthResponse = Static<typeof HealthResponse>;
