// Overload and abandoned work, on the real service and data: the pool's
// admission control answers 503 with a retry time at once instead of letting
// jobs queue without bound, and jobs whose clients went away are dropped.
// The bounds are set small so a few hundred requests are enough; counts, not
// times, are asserted.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { buildRequest } from './raw-http.js';
import { syllableTexts } from './random.js';
import { SKIP_WITHOUT_DATA } from './real-data.js';
import { startTestService, type TestService } from './service.js';
import { waitFor } from '../wait.js';

interface Health {
  status: string;
  issues?: string[];
  pool: { workers: number; running: number; queued: number; admitted: number; refused: number; refused_waiting: number; cancelled: number; timed_out: number };
}

async function health(svc: TestService): Promise<Health> {
  return (await (await fetch(`${svc.base}/api/v1/health`)).json()) as Health;
}

function waitIdle(svc: TestService): Promise<Health> {
  return waitFor('the pool to be idle', async () => {
    const h = await health(svc);
    return h.pool.running === 0 && h.pool.queued === 0 ? h : null;
  });
}

test(
  'overload: 400 concurrent near-limit texts get 200 or 503 with Retry-After, never a 500; health degraded while refusing',
  { skip: SKIP_WITHOUT_DATA, timeout: 120_000 },
  async (t) => {
    const svc = await startTestService({ workers: 2, queueMax: 16, queueMaxWaitMs: 200 });
    t.after(() => svc.close());
    const texts = syllableTexts(400, 900, 7);
    const statuses = new Map<number, number>();
    let badRetry = 0;
    await Promise.all(
      texts.map(async (text) => {
        const r = await fetch(`${svc.base}/api/v1/spellcheck/text`, {
          method: 'POST',
          body: JSON.stringify({ text }),
          headers: { 'content-type': 'application/json' },
        });
        const body = (await r.json()) as { error?: { code: string; retry_after?: number } };
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status === 503) {
          const header = Number(r.headers.get('retry-after'));
          if (!(header >= 1) || body.error?.code !== 'SERVICE_UNAVAILABLE' || body.error.retry_after !== header) badRetry++;
        }
      }),
    );
    t.diagnostic(`statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
    assert.deepEqual(
      [...statuses.keys()].filter((s) => s !== 200 && s !== 503),
      [],
      'only 200 and 503',
    );
    assert.ok((statuses.get(503) ?? 0) > 0, 'the bound refused some');
    assert.ok((statuses.get(200) ?? 0) >= 2, 'and served others');
    assert.equal(badRetry, 0, 'every 503 has SERVICE_UNAVAILABLE, retry_after and a matching Retry-After');
    const h = await health(svc);
    assert.equal(h.status, 'degraded');
    assert.match((h.issues ?? []).join(' '), /overloaded/);
    assert.equal(h.pool.refused + h.pool.refused_waiting, statuses.get(503));
    assert.equal(h.pool.timed_out, 0);
    const ok = await fetch(`${svc.base}/api/v1/spellcheck/text`, {
      method: 'POST',
      body: JSON.stringify({ text: texts[0] }),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(ok.status, 200, 'served again once the flood is over');
  },
);

test('abandoned jobs: requests whose clients hang up are dropped from the queue, not run', { skip: SKIP_WITHOUT_DATA, timeout: 120_000 }, async (t) => {
  const svc = await startTestService({ workers: 2, queueMax: 10_000, queueMaxWaitMs: 60_000 });
  t.after(() => svc.close());
  const texts = syllableTexts(300, 900, 13);
  const sockets = texts.map((text) => {
    const sock = connect(svc.port, '127.0.0.1');
    sock.on('error', () => {});
    sock.write(buildRequest('POST', '/api/v1/spellcheck/text', { body: JSON.stringify({ text }) }));
    return sock;
  });
  // Let them all arrive and queue, then every client goes away.
  await waitFor('100 jobs queued', async () => (await health(svc)).pool.queued >= 100);
  for (const s of sockets) s.destroy();
  const h = await waitIdle(svc);
  t.diagnostic(`pool after the hang-ups: ${JSON.stringify(h.pool)}`);
  assert.ok(h.pool.cancelled >= 100, `at least 100 abandoned jobs dropped (${h.pool.cancelled})`);
  assert.ok(h.pool.admitted + h.pool.cancelled >= 300 - 5 && h.pool.admitted < 200, `most never ran (${h.pool.admitted} ran)`);
  assert.equal(h.status, 'healthy', 'abandoned work is not overload');
  const r = await fetch(`${svc.base}/api/v1/spellcheck/text`, {
    method: 'POST',
    body: JSON.stringify({ text: texts[0] }),
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(r.status, 200);
});
