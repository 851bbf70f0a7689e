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
    pool: Type.Optional(
      Type.Object(
        {
          workers: Type.Integer({ minimum: 0, description: 'Worker threads configured (WORKERS).' }),
          running: Type.Integer({ minimum: 0, description: 'Text jobs on the worker threads now.' }),
          queued: Type.Integer({ minimum: 0, description: 'Text jobs waiting for a thread now (at most QUEUE_MAX).' }),
          admitted: Type.Integer({ minimum: 0, description: 'Jobs given a thread since start.' }),
          refused: Type.Integer({
            minimum: 0,
            description: 'Jobs refused with 503 on arrival since start (QUEUE_MAX jobs waiting, or the expected wait over QUEUE_MAX_WAIT_MS).',
          }),
          refused_waiting: Type.Integer({ minimum: 0, description: 'Jobs refused with 503 after waiting longer than QUEUE_MAX_WAIT_MS since start.' }),
          cancelled: Type.Integer({ minimum: 0, description: 'Jobs dropped or stopped because their client went away.' }),
          timed_out: Type.Integer({ minimum: 0, description: 'Jobs stopped after TASK_TIMEOUT_MS.' }),
          job_ms: Type.Number({ minimum: 0, description: 'Recent time of a job on a thread, ms (what admission estimates waits with).' }),
        },
        { additionalProperties: false, description: 'extra: the worker pool and its admission control.' },
      ),
    ),
    memory: Type.Optional(
      Type.Object(
        {
          rss_anon_mib: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], {
            description: 'Resident anonymous memory of the process (heaps, caches), MiB; null where /proc is not.',
          }),
          rss_file_mib: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], {
            description: 'Resident file-backed memory (mostly the mapped word store), MiB.',
          }),
          heap_mib: Type.Number({ minimum: 0, description: 'V8 heap used, summed over the threads, MiB.' }),
          heap_committed_mib: Type.Number({ minimum: 0, description: 'V8 heap committed (used, free and fragmented pages), summed over the threads, MiB.' }),
          external_mib: Type.Number({ minimum: 0, description: 'ArrayBuffers and Buffers outside the V8 heaps, summed over the threads, MiB.' }),
          threads: Type.Integer({ minimum: 1, description: 'Threads with engines: the main thread (small jobs) and the workers.' }),
          cache_budget_mib: Type.Number({ minimum: 0, description: "Each thread's cache budget (CACHE_MB)." }),
          caches: Type.Record(
            Type.String(),
            Type.Object(
              {
                entries: Type.Integer({ minimum: 0 }),
                mib: Type.Number({ minimum: 0, description: 'Estimated size, all threads together.' }),
                budget_mib: Type.Number({
                  minimum: 0,
                  description:
                    'Its share of the budget, all threads together: what it is sure of (it holds more while the other caches of its thread leave theirs unused).',
                }),
              },
              { additionalProperties: false },
            ),
            { description: 'Each engine cache by name (spell.*, roman.*), summed over the threads.' },
          ),
        },
        { additionalProperties: false, description: 'extra: where the memory is; the caches are bounded in bytes (CACHE_MB per thread).' },
      ),
    ),
    issues: Type.Optional(Type.Array(Type.String(), { minItems: 1, description: 'Present only when degraded: human-readable impairments.' })),
  },
  { additionalProperties: false, description: 'Health result. HTTP status 200 for both healthy and degraded.' },
);
export type HealthResponse = Static<typeof HealthResponse>;
