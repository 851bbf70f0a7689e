// Process entry: config -> store and worker pool -> HTTP server -> signals.

import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig, RUNTIME_V8_FLAGS, V8_POOL_FLAG, YOUNG_GENERATION_FLAG } from './config.js';
import { PooledServices, poolOptions } from './dispatch/pool.js';
import { survivesClosedLogs } from './http/log.js';
import { startServer } from './http/server.js';

function startedWith(flag: string): boolean {
  const name = flag.split('=')[0]!;
  return process.execArgv.some((a) => a.startsWith(name)) || (process.env.NODE_OPTIONS ?? '').includes(name);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  // Before any worker thread exists, so that every thread's heap starts with them.
  for (const flag of RUNTIME_V8_FLAGS) setFlagsFromString(flag);
  let services: PooledServices;
  try {
    services = new PooledServices(poolOptions(config));
  } catch (err) {
    console.error(`cannot open the word store: ${(err as Error).message}`);
    process.exit(1);
  }
  if (!(await services.ready())) console.error('[main] worker threads still starting after 60 s; listening anyway');
  let server;
  try {
    server = await startServer(config, services);
  } catch (err) {
    // A bad PARTNER_KEYS_FILE or TRUSTED_PROXIES entry, or a port in use.
    console.error(`cannot start the HTTP server: ${(err as Error).message}`);
    await services.close();
    process.exit(2);
  }
  if (!startedWith(YOUNG_GENERATION_FLAG)) {
    console.error(`[main] started without ${YOUNG_GENERATION_FLAG}: the main thread may hold about 24 MB more (docs/operations.md, "Memory")`);
  }
  if (!startedWith(V8_POOL_FLAG)) {
    console.error(`[main] started without ${V8_POOL_FLAG}: V8's background threads may slow new texts on two cores (docs/operations.md, "Memory")`);
  }
  const h = await services.health();
  console.log(
    JSON.stringify({
      msg: 'listening',
      url: `http://${config.host}:${server.port}`,
      workers: config.workers,
      entries: h.entriesCount,
      words: h.wordsCount,
      bloom_filter: h.bloomLoaded,
      // Where rate limits are counted: in this process, or shared by replicas in Redis (which may still be connecting).
      rate_limits: config.redisUrl === null ? 'process' : 'redis',
      issues: h.issues,
    }),
  );

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(JSON.stringify({ msg: 'shutting down', signal }));
    server
      .shutdown()
      .then(() => services.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          console.error('shutdown failed:', err);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

survivesClosedLogs();
process.on('uncaughtException', (err) => {
  // Nothing a client sends should get here; if something does, log it and keep serving.
  console.error('[main] uncaught exception:', err);
});
process.on('unhandledRejection', (err) => {
  console.error('[main] unhandled rejection:', err);
});

await main();
