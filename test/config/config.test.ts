import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, DEFAULTS, loadConfig } from '../../src/config.js';

test('defaults follow the spec', () => {
  const c = loadConfig({});
  assert.equal(c.port, 8080);
  assert.equal(c.host, '127.0.0.1');
  assert.equal(c.dataDir, 'native-data');
  assert.equal(c.rateLimitPerMinute, 30);
  assert.equal(c.rateLimitPerDay, 1000);
  assert.equal(c.partnerKeysFile, null);
  assert.equal(c.workers, DEFAULTS.workers);
});

test('values are read from the environment', () => {
  const c = loadConfig({
    PORT: '0',
    HOST: '0.0.0.0',
    WORKERS: '3',
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_PER_DAY: '0',
    LOG_REQUESTS: 'true',
    TRUSTED_PROXIES: '10.0.0.1, 10.0.0.2',
  });
  assert.equal(c.port, 0);
  assert.equal(c.workers, 3);
  assert.equal(c.rateLimitPerMinute, 0);
  assert.equal(c.logRequests, true);
  assert.deepEqual(c.trustedProxies, ['10.0.0.1', '10.0.0.2']);
  const d = loadConfig({ QUEUE_MAX: '7', QUEUE_MAX_WAIT_MS: '250', TASK_TIMEOUT_MS: '5000', REUSE_PORT: 'yes' });
  assert.deepEqual([d.queueMax, d.queueMaxWaitMs, d.taskTimeoutMs, d.reusePort], [7, 250, 5000, true]);
  assert.equal(loadConfig({}).reusePort, false, 'a taken port is refused unless sharing is asked for');
});

test('a bad value names the variable', () => {
  for (const [name, value] of [
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['WORKERS', '0'],
    ['RATE_LIMIT_PER_DAY', '-1'],
    ['LOG_REQUESTS', 'perhaps'],
    ['MAX_BODY_BYTES', '1.5'],
    ['QUEUE_MAX_WAIT_MS', '0'],
    ['TASK_TIMEOUT_MS', '10'],
    ['REUSE_PORT', 'sometimes'],
  ]) {
    assert.throws(
      () => loadConfig({ [name!]: value }),
      (e: unknown) => e instanceof ConfigError && e.message.startsWith(name!),
      `${name}=${value}`,
    );
  }
});

test('CORS_ORIGINS: * by default, or a comma-separated list of exact origins; anything else is refused by name', () => {
  assert.deepEqual(loadConfig({}).corsOrigins, ['*']);
  assert.deepEqual(loadConfig({ CORS_ORIGINS: 'https://editor.example, http://localhost:3000/' }).corsOrigins, [
    'https://editor.example',
    'http://localhost:3000',
  ]);
  for (const bad of ['editor.example', 'https://editor.example/path', 'ftp://x.example']) {
    assert.throws(() => loadConfig({ CORS_ORIGINS: bad }), /CORS_ORIGINS/, bad);
  }
});
