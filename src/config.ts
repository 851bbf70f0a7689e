// Every setting, read from the environment and validated once at start-up.
// A bad value stops start-up with a message that names the variable.

import Type, { type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { availableParallelism } from 'node:os';

// Each setting's description is the one docs/configuration.md shows (src/docs/configuration.ts renders it).
const Int = (minimum: number, maximum: number, description: string) => Type.Integer({ minimum, maximum, description });

export const ConfigSchema = Type.Object({
  port: Int(0, 65535, 'TCP port to listen on (`0`: any free port).'),
  host: Type.String({ minLength: 1, description: 'Address to bind (`0.0.0.0`: every interface).' }),
  dataDir: Type.String({ minLength: 1, description: 'The data folder: `make data` builds it, the service opens `DATA_DIR/current`.' }),
  workers: Int(1, 64, 'Worker threads for spellcheck and romanization jobs.'),
  rateLimitPerMinute: Int(0, 1_000_000_000, 'Anonymous requests per client per minute; `0` turns the limit off (benchmarks).'),
  rateLimitPerDay: Int(0, 1_000_000_000, 'Anonymous requests per client per day; `0` turns the limit off.'),
  partnerKeysFile: Type.Union([Type.String({ minLength: 1 }), Type.Null()], {
    description: 'JSON file of partner API keys and their limits (format: docs/api.md, "Rate limits and partners").',
  }),
  trustedProxies: Type.Array(Type.String(), { description: 'Comma-separated addresses or CIDRs whose `X-Forwarded-For` is believed.' }),
  corsOrigins: Type.Array(Type.String({ pattern: '^(\\*|https?://[^/\\s,]+)$' }), {
    minItems: 1,
    description: 'Origins browsers may call from: `*`, or a comma-separated list of exact origins (`https://editor.example`); others get no CORS headers.',
  }),
  logRequests: Type.Boolean({ description: 'One JSON access-log line per request on stdout, with its `request_id` (error lines on stderr carry it too).' }),
  maxBodyBytes: Int(1024, 16 * 1024 * 1024, 'Request bodies over this are refused (413) as they arrive.'),
  documentMaxBytes: Int(1024, 64 * 1024 * 1024, 'Bodies of the document and batch endpoints over this are refused (413, Shape B) as they arrive.'),
  shutdownGraceMs: Int(0, 600_000, 'How long SIGTERM waits for in-flight requests.'),
  cacheMb: Int(
    0,
    65_536,
    "MiB of each thread's engine caches (spellcheck results, store memos, romanization analyses...), each sure of its share and borrowing what the others leave unused, the sum within the budget; health lists each.",
  ),
  queueMax: Int(0, 1_000_000, 'Text jobs that may wait for a worker thread; beyond, 503 at once.'),
  queueMaxWaitMs: Int(
    1,
    600_000,
    'A text job that would wait longer for a thread, with two or more jobs per thread ahead of it, is refused at once with 503 and `Retry-After`.',
  ),
  taskTimeoutMs: Int(100, 3_600_000, 'A job running longer stops at its next word and is answered 500.'),
  reusePort: Type.Boolean({
    description: '`true` lets several processes share the port (SO_REUSEPORT); otherwise a taken port stops start-up with a message.',
  }),
  pipelining: Type.Union([Type.Literal('async'), Type.Literal('sync')], {
    description:
      '`sync` runs every job on the main thread, so that HTTP/1.1 pipelining of any requests is answered in order, at the cost of the worker pool (docs/benchmarking.md).',
  }),
  redisUrl: Type.Union([Type.String({ pattern: '^rediss?://' }), Type.Null()], {
    description: '`redis://host:port` (or `rediss://`): rate limits shared by replicas in Redis (docs/operations.md); none: each process counts alone.',
  }),
  redisTimeoutMs: Int(1, 10_000, 'The longest wait for a decision from Redis before the process decides alone.'),
  redisKeyPrefix: Type.String({ minLength: 1, maxLength: 100, description: 'The prefix of the rate-limit keys in Redis.' }),
  // The live channel (GET /api/v1/live, src/http/live.ts): budgets of one connection, and caps.
  liveMessagesPerSecond: Int(1, 100_000, "The live channel's messages a second per client, all its connections together (a token bucket)."),
  liveBurst: Int(1, 1_000_000, "The live channel's burst of messages per client (the token bucket's size)."),
  liveCharactersPerMinute: Int(1000, 1_000_000_000, 'Bytes of live messages per client a minute.'),
  liveMaxMessageBytes: Int(1024, 16 * 1024 * 1024, 'One live message; larger is PAYLOAD_TOO_LARGE, over twice this the connection is dropped.'),
  liveMaxPending: Int(1, 10_000, 'Live messages of one client worked on at once; more wait their turn.'),
  liveMaxConnectionsPerClient: Int(1, 1_000_000, 'Live connections per client address (per key and address for partners).'),
  liveMaxConnections: Int(1, 1_000_000, 'Live connections in all.'),
  livePartnerFactor: Int(1, 10_000, 'Partner keys multiply every live budget and the per-client connection cap by this.'),
  liveIdleTimeoutSeconds: Int(8, 960, 'A live peer silent this long (pings unanswered) is closed.'),
  liveMaxBufferedBytes: Int(64 * 1024, 1024 * 1024 * 1024, 'Unread replies of one connection before a slow live reader is closed (1008).'),
  liveMaxTotalBufferedBytes: Int(
    64 * 1024,
    64 * 1024 * 1024 * 1024,
    'Unread live replies of all connections together; past it the largest holders are closed first (1008).',
  ),
  liveMessagesPerRequest: Int(
    1,
    1_000_000,
    'Live messages worth one request of the daily limit: a client may send `RATE_LIMIT_PER_DAY` times this many a day.',
  ),
});
export type Config = Static<typeof ConfigSchema>;
const CheckConfig = Compile(ConfigSchema);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The environment variable behind each setting, for messages and docs/configuration.md. */
export const ENV_NAMES: Record<keyof Config, string> = {
  port: 'PORT',
  host: 'HOST',
  dataDir: 'DATA_DIR',
  workers: 'WORKERS',
  rateLimitPerMinute: 'RATE_LIMIT_PER_MINUTE',
  rateLimitPerDay: 'RATE_LIMIT_PER_DAY',
  partnerKeysFile: 'PARTNER_KEYS_FILE',
  trustedProxies: 'TRUSTED_PROXIES',
  corsOrigins: 'CORS_ORIGINS',
  logRequests: 'LOG_REQUESTS',
  maxBodyBytes: 'MAX_BODY_BYTES',
  documentMaxBytes: 'DOCUMENT_MAX_BYTES',
  shutdownGraceMs: 'SHUTDOWN_GRACE_MS',
  cacheMb: 'CACHE_MB',
  queueMax: 'QUEUE_MAX',
  queueMaxWaitMs: 'QUEUE_MAX_WAIT_MS',
  taskTimeoutMs: 'TASK_TIMEOUT_MS',
  reusePort: 'REUSE_PORT',
  pipelining: 'PIPELINING',
  redisUrl: 'REDIS_URL',
  redisTimeoutMs: 'REDIS_TIMEOUT_MS',
  redisKeyPrefix: 'REDIS_KEY_PREFIX',
  liveMessagesPerSecond: 'LIVE_MESSAGES_PER_SECOND',
  liveBurst: 'LIVE_BURST',
  liveCharactersPerMinute: 'LIVE_CHARACTERS_PER_MINUTE',
  liveMaxMessageBytes: 'LIVE_MAX_MESSAGE_BYTES',
  liveMaxPending: 'LIVE_MAX_PENDING',
  liveMaxConnectionsPerClient: 'LIVE_MAX_CONNECTIONS_PER_CLIENT',
  liveMaxConnections: 'LIVE_MAX_CONNECTIONS',
  livePartnerFactor: 'LIVE_PARTNER_FACTOR',
  liveIdleTimeoutSeconds: 'LIVE_IDLE_TIMEOUT_SECONDS',
  liveMaxBufferedBytes: 'LIVE_MAX_BUFFERED_BYTES',
  liveMaxTotalBufferedBytes: 'LIVE_MAX_TOTAL_BUFFERED_BYTES',
  liveMessagesPerRequest: 'LIVE_MESSAGES_PER_REQUEST',
};

/** Defaults that depend on the machine, as docs/configuration.md states them. */
export const DEFAULT_NOTES: Partial<Record<keyof Config, string>> = { workers: 'the cores, at most 4' };

function defaultWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/**
 * The main thread's young generation at most 4 MiB a semi-space instead of
 * 16: about 24 MB less resident for the same work (docs/operations.md,
 * "Memory").
 */
export const YOUNG_GENERATION_FLAG = '--max-semi-space-size=4';

/**
 * One thread for V8's background work (compiling optimized code, marking
 * and scavenging the heaps) instead of Node's four: on the two cores this
 * service is built for, the main thread and two workers already take both,
 * and four helpers compiling and collecting beside them slowed a fresh
 * service's first texts, the tail of new texts (docs/operations.md,
 * "Memory"). A machine with more cores than the service's threads may raise
 * it.
 */
export const V8_POOL_FLAG = '--v8-pool-size=1';

/**
 * The node flags every launch of the service passes (Makefile, Dockerfile,
 * deploy/, package.json, the benchmarks). Node reads them only at launch;
 * main.ts says so when one is missing.
 */
export const LAUNCH_FLAGS: readonly string[] = [YOUNG_GENERATION_FLAG, V8_POOL_FLAG];

/**
 * V8 flags main.ts sets itself, before the worker threads start (V8's flags
 * are the process's: every thread's heap follows them).
 *
 * --no-allocation-site-pretenuring: V8 otherwise learns, while a thread's
 * caches fill (its first new texts, when most objects a job makes are kept),
 * to allocate objects of those sites straight in the old generation, and
 * keeps doing so once they die young: a warm 100,000-word document then left
 * about 20 MB of garbage in each worker's old generation, a full collection
 * per document, against 1.7 MB without (bench/journal/2026-11-26.md#shared-results).
 */
export const RUNTIME_V8_FLAGS: readonly string[] = ['--no-allocation-site-pretenuring'];

export const DEFAULTS: Config = {
  port: 8080,
  host: '127.0.0.1',
  dataDir: 'native-data',
  workers: defaultWorkers(),
  rateLimitPerMinute: 30,
  rateLimitPerDay: 1000,
  partnerKeysFile: null,
  trustedProxies: [],
  corsOrigins: ['*'],
  logRequests: false,
  // 10,000 characters of Devanagari are at most 30,000 UTF-8 bytes; JSON
  // escaping (\uXXXX) can make them 60,000. 256 KiB leaves room for both.
  maxBodyBytes: 256 * 1024,
  // Bodies of the document and batch endpoints (streamed answers): a book
  // chapter or a long article is well under 5 MiB; the body is held once
  // while its pieces run.
  documentMaxBytes: 5 * 1024 * 1024,
  shutdownGraceMs: 10_000,
  // MiB of each thread's engine caches (lang/budget-cache.ts); figures in bench/journal/2026-11-26.md#cache-budget.
  cacheMb: 32,
  // Pool admission (src/dispatch/admission.ts); figures behind them in bench/journal/2026-11-25.md#overload.
  queueMax: 1024,
  queueMaxWaitMs: 500,
  taskTimeoutMs: 30_000,
  // A taken port is an error unless sharing it is asked for (SO_REUSEPORT):
  // a second instance must not silently split the traffic with the first.
  reusePort: false,
  // uWebSockets.js answers HTTP/1.1 pipelining only when each answer is
  // written before the next request is read; 'sync' runs every job on the
  // main thread so that holds for any mix, at the cost of the worker pool
  // (docs/benchmarking.md).
  pipelining: 'async',
  redisUrl: null,
  // A decision in Redis takes a fraction of a millisecond on a LAN; past this the process decides alone.
  redisTimeoutMs: 50,
  redisKeyPrefix: 'nls:rl',
  // The live channel: typing sends a message per pause or keystroke, each a
  // paragraph (a few hundred characters): 20 a second with bursts of 60 is
  // far above a typist, and the characters a minute (one REST client's
  // anonymous minute: 30 requests of 10,000) bound what a script can send.
  liveMessagesPerSecond: 20,
  liveBurst: 60,
  liveCharactersPerMinute: 300_000,
  // A 10,000-character text is at most 60,000 bytes of JSON (\uXXXX escapes); twice that for the other fields.
  liveMaxMessageBytes: 128 * 1024,
  // Messages of one connection being worked on at once; more wait their turn (ordinary typing has one or two).
  liveMaxPending: 16,
  liveMaxConnectionsPerClient: 16,
  liveMaxConnections: 10_000,
  // Partner keys multiply every budget and the per-client connection cap.
  livePartnerFactor: 10,
  // uWS closes a connection silent this long (it pings at half of it, so a live client answers).
  liveIdleTimeoutSeconds: 120,
  // Replies a connection has not read yet, in bytes, before it is dropped as a slow reader (a 1,000-token romanization is about 0.5 MB).
  liveMaxBufferedBytes: 4 * 1024 * 1024,
  // Unread replies of all connections together; past it the largest holders are dropped first (http/live-output.ts).
  liveMaxTotalBufferedBytes: 64 * 1024 * 1024,
  // The daily request limit bounds live messages too: each request of it is worth this many messages (a
  // writer's day of typing is a few thousand messages; the anonymous 1,000 requests make 20,000).
  liveMessagesPerRequest: 20,
};

function parseInteger(name: string, raw: string): number {
  if (!/^\s*-?\d+\s*$/.test(raw)) throw new ConfigError(`${name} must be an integer, got ${JSON.stringify(raw)}`);
  return Number(raw.trim());
}

function parseBoolean(name: string, raw: string): boolean {
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off', ''].includes(v)) return false;
  throw new ConfigError(`${name} must be true or false, got ${JSON.stringify(raw)}`);
}

/** Reads the configuration from an environment (process.env by default); throws ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cfg: Config = { ...DEFAULTS, trustedProxies: [...DEFAULTS.trustedProxies], corsOrigins: [...DEFAULTS.corsOrigins] };
  const get = (key: keyof Config): string | undefined => {
    const v = env[ENV_NAMES[key]];
    return v === undefined || v === '' ? undefined : v;
  };
  const ints: (keyof Config)[] = [
    'port',
    'workers',
    'rateLimitPerMinute',
    'rateLimitPerDay',
    'maxBodyBytes',
    'documentMaxBytes',
    'shutdownGraceMs',
    'cacheMb',
    'queueMax',
    'queueMaxWaitMs',
    'taskTimeoutMs',
    'redisTimeoutMs',
    'liveMessagesPerSecond',
    'liveBurst',
    'liveCharactersPerMinute',
    'liveMaxMessageBytes',
    'liveMaxPending',
    'liveMaxConnectionsPerClient',
    'liveMaxConnections',
    'livePartnerFactor',
    'liveIdleTimeoutSeconds',
    'liveMaxBufferedBytes',
    'liveMaxTotalBufferedBytes',
    'liveMessagesPerRequest',
  ];
  for (const key of ints) {
    const raw = get(key);
    if (raw !== undefined) (cfg as Record<string, unknown>)[key] = parseInteger(ENV_NAMES[key], raw);
  }
  cfg.host = get('host') ?? cfg.host;
  cfg.dataDir = get('dataDir') ?? cfg.dataDir;
  cfg.partnerKeysFile = get('partnerKeysFile') ?? null;
  cfg.redisUrl = get('redisUrl')?.trim() ?? null;
  cfg.redisKeyPrefix = get('redisKeyPrefix') ?? cfg.redisKeyPrefix;
  const proxies = get('trustedProxies');
  if (proxies !== undefined)
    cfg.trustedProxies = proxies
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const origins = get('corsOrigins');
  if (origins !== undefined)
    cfg.corsOrigins = origins
      .split(',')
      .map((s) => s.trim().replace(/\/$/, ''))
      .filter(Boolean);
  const pipelining = get('pipelining');
  if (pipelining !== undefined) (cfg as Record<string, unknown>).pipelining = pipelining.trim().toLowerCase();
  for (const key of ['logRequests', 'reusePort'] as const) {
    const raw = get(key);
    if (raw !== undefined) cfg[key] = parseBoolean(ENV_NAMES[key], raw);
  }

  if (!CheckConfig.Check(cfg)) {
    const first = [...CheckConfig.Errors(cfg)][0];
    const path = (first?.instancePath ?? '').replace(/^\//, '').split('/')[0] as keyof Config;
    const name = ENV_NAMES[path] ?? path;
    throw new ConfigError(`${name}: ${first?.message ?? 'invalid value'} (got ${JSON.stringify((cfg as Record<string, unknown>)[path])})`);
  }
  return cfg;
}
