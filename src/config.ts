// Every setting, read from the environment and validated once at start-up.
// A bad value stops start-up with a message that names the variable.

import Type, { type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { availableParallelism } from 'node:os';

const Port = Type.Integer({ minimum: 0, maximum: 65535 });
const Count = Type.Integer({ minimum: 0, maximum: 1_000_000_000 });

export const ConfigSchema = Type.Object({
  port: Port,
  host: Type.String({ minLength: 1 }),
  dataDir: Type.String({ minLength: 1 }),
  workers: Type.Integer({ minimum: 1, maximum: 64 }),
  rateLimitPerMinute: Count,
  rateLimitPerDay: Count,
  partnerKeysFile: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
  trustedProxies: Type.Array(Type.String()),
  /** Origins a browser may call from: ['*'] (any), or exact origins (scheme://host[:port]). */
  corsOrigins: Type.Array(Type.String({ pattern: '^(\\*|https?://[^/\\s,]+)$' }), { minItems: 1 }),
  logRequests: Type.Boolean(),
  maxBodyBytes: Type.Integer({ minimum: 1024, maximum: 16 * 1024 * 1024 }),
  documentMaxBytes: Type.Integer({ minimum: 1024, maximum: 64 * 1024 * 1024 }),
  shutdownGraceMs: Type.Integer({ minimum: 0, maximum: 600_000 }),
  cacheMb: Type.Integer({ minimum: 0, maximum: 65_536 }),
  queueMax: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  queueMaxWaitMs: Type.Integer({ minimum: 1, maximum: 600_000 }),
  taskTimeoutMs: Type.Integer({ minimum: 100, maximum: 3_600_000 }),
  reusePort: Type.Boolean(),
  pipelining: Type.Union([Type.Literal('async'), Type.Literal('sync')]),
  /** Rate limits shared by replicas in Redis (src/http/shared-limits.ts); null: each process counts alone. */
  redisUrl: Type.Union([Type.String({ pattern: '^rediss?://' }), Type.Null()]),
  redisTimeoutMs: Type.Integer({ minimum: 1, maximum: 10_000 }),
  redisKeyPrefix: Type.String({ minLength: 1, maxLength: 100 }),
  // The live channel (GET /api/v1/live, src/http/live.ts): budgets of one connection, and caps.
  liveMessagesPerSecond: Type.Integer({ minimum: 1, maximum: 100_000 }),
  liveBurst: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  liveCharactersPerMinute: Type.Integer({ minimum: 1000, maximum: 1_000_000_000 }),
  liveMaxMessageBytes: Type.Integer({ minimum: 1024, maximum: 16 * 1024 * 1024 }),
  liveMaxPending: Type.Integer({ minimum: 1, maximum: 10_000 }),
  liveMaxConnectionsPerClient: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  liveMaxConnections: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  livePartnerFactor: Type.Integer({ minimum: 1, maximum: 10_000 }),
  liveIdleTimeoutSeconds: Type.Integer({ minimum: 8, maximum: 960 }),
  liveMaxBufferedBytes: Type.Integer({ minimum: 64 * 1024, maximum: 1024 * 1024 * 1024 }),
  liveMaxTotalBufferedBytes: Type.Integer({ minimum: 64 * 1024, maximum: 64 * 1024 * 1024 * 1024 }),
  liveMessagesPerRequest: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
});
export type Config = Static<typeof ConfigSchema>;
const CheckConfig = Compile(ConfigSchema);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The environment variable behind each setting, for messages and the README. */
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

function defaultWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/**
 * The V8 flag every launch of the service passes (Makefile, Dockerfile,
 * deploy/, package.json, the benchmarks): the main thread's young
 * generation at most 4 MiB a semi-space instead of 16, about 24 MB less
 * resident for the same work (README, "Memory"). V8 reads it only at
 * launch; main.ts says so when it is missing.
 */
export const YOUNG_GENERATION_FLAG = '--max-semi-space-size=4';

/**
 * V8 flags main.ts sets itself, before the worker threads start (V8's flags
 * are the process's: every thread's heap follows them).
 *
 * --no-allocation-site-pretenuring: V8 otherwise learns, while a thread's
 * caches fill (its first new texts, when most objects a job makes are kept),
 * to allocate objects of those sites straight in the old generation, and
 * keeps doing so once they die young: a warm 100,000-word document then left
 * about 20 MB of garbage in each worker's old generation, a full collection
 * per document, against 1.7 MB without (bench/RESULTS.md#shared-results).
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
  // MiB of each thread's engine caches (lang/budget-cache.ts); figures in bench/RESULTS.md#cache-budget.
  cacheMb: 32,
  // Pool admission (src/dispatch/admission.ts); figures behind them in bench/RESULTS.md#overload.
  queueMax: 1024,
  queueMaxWaitMs: 500,
  taskTimeoutMs: 30_000,
  // A taken port is an error unless sharing it is asked for (SO_REUSEPORT):
  // a second instance must not silently split the traffic with the first.
  reusePort: false,
  // uWebSockets.js answers HTTP/1.1 pipelining only when each answer is
  // written before the next request is read; 'sync' runs every job on the
  // main thread so that holds for any mix, at the cost of the worker pool
  // (README, "Pipelining").
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
  if (proxies !== undefined) cfg.trustedProxies = proxies.split(',').map((s) => s.trim()).filter(Boolean);
  const origins = get('corsOrigins');
  if (origins !== undefined) cfg.corsOrigins = origins.split(',').map((s) => s.trim().replace(/\/$/, '')).filter(Boolean);
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
