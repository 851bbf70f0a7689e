// Boots the real service in-process on the real data: PooledServices over
// native-data and the uWS server on 127.0.0.1, port 0.

import { DEFAULTS, type Config } from '../../src/config.js';
import { PooledServices, poolOptions, type PoolOptions } from '../../src/dispatch/pool.js';
import { startServer, type ServerHandle } from '../../src/http/server.js';
import { DATA_DIR } from './real-data.js';

export interface TestService {
  port: number;
  base: string;
  services: PooledServices;
  server: ServerHandle;
  close(): Promise<void>;
}

/** `pool` overrides the pool's options (a test's own worker entry, workerUrl). */
export async function startTestService(overrides: Partial<Config> = {}, pool: Partial<PoolOptions> = {}): Promise<TestService> {
  const config: Config = {
    ...DEFAULTS,
    port: 0,
    host: '127.0.0.1',
    dataDir: DATA_DIR,
    workers: 2,
    rateLimitPerMinute: 0,
    rateLimitPerDay: 0,
    logRequests: false,
    ...overrides,
  };
  const services = new PooledServices({ ...poolOptions(config), ...pool });
  await services.ready();
  const server = await startServer(config, services);
  let closed = false;
  return {
    port: server.port,
    base: `http://127.0.0.1:${server.port}`,
    services,
    server,
    async close() {
      if (closed) return;
      closed = true;
      await server.shutdown();
      await services.close();
    },
  };
}
