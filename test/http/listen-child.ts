// A server over FakeServices in a process of its own, for the port-sharing
// test (two listeners in one process do not share a port under uWS).
// Prints {"port": N} or {"error": "..."} on stdout and serves until killed.
// `node --test dist/test/` runs every file under test/ as a test file: this
// one does nothing unless the port-sharing test started it (LISTEN_CHILD=1).

import { DEFAULTS } from '../../src/config.js';
import { startServer } from '../../src/http/server.js';
import { FakeServices } from './fake-services.js';

async function listen(port: number, reusePort: boolean): Promise<void> {
  try {
    const s = await startServer({ ...DEFAULTS, host: '127.0.0.1', port, reusePort, rateLimitPerMinute: 0, rateLimitPerDay: 0 }, new FakeServices());
    console.log(JSON.stringify({ port: s.port }));
    process.on('SIGTERM', () => void s.shutdown().then(() => process.exit(0)));
  } catch (e) {
    console.log(JSON.stringify({ error: (e as Error).message }));
    process.exit(3);
  }
}

if (process.env.LISTEN_CHILD === '1') await listen(Number(process.argv[2] ?? 0), process.argv[3] === 'share');
