// HTTP/1.1 pipelining on the real service: many requests written at once on
// one connection, answered in order. uWebSockets.js refuses a request that
// arrives while an earlier answer on its connection is still pending (it
// closes the connection: HttpContext.h, "denying async pipelining"), so the
// default placement answers pipelined small jobs (run inline) in order, and
// PIPELINING=sync runs every job inline so that any mix is answered.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { buildRequest, rawRequest, splitResponses, type RawResponse } from './raw-http.js';
import { syllableTexts } from './random.js';
import { SKIP_WITHOUT_DATA } from './real-data.js';
import { startTestService } from './service.js';

const q = encodeURIComponent;
const post = (path: string, body: unknown): [string, string, string] => ['POST', path, JSON.stringify(body)];

/** 100 requests: look-ups, small and near-limit texts (pool-sized), romanization, errors; each answer depends only on its request. */
function mixedRequests(): [string, string, string?][] {
  const big = syllableTexts(10, 900, 5);
  const out: [string, string, string?][] = [];
  for (let i = 0; i < 10; i++) {
    out.push(
      ['GET', `/api/v1/dictionary/word?q=${q(['घर', 'पानी', 'नेपाल', 'किताब', 'मान्छे'][i % 5]!)}`],
      ['GET', `/api/v1/dictionary/suggest?q=${q('नेपा')}&limit=${i + 1}`],
      ['GET', `/api/v1/spellcheck/word?word=${q(['नेपालि', 'पानि', 'घर'][i % 3]!)}`],
      post('/api/v1/spellcheck/text', { text: 'म घर जान्छु। पानि खान्छु।' }),
      post('/api/v1/spellcheck/text', { text: big[i] }),
      post('/api/v1/romanization/resolve', { text: 'mero naam ram ho '.repeat(5 + i) }),
      post('/api/v1/romanization/resolve', { text: 'mero ghar nepal ma cha '.repeat(60) }),
      ['GET', '/up'],
      ['GET', '/api/v1/nowhere'],
      post('/api/v1/spellcheck/text', { nope: 1 }),
    );
  }
  return out;
}

const bytesOf = (r: [string, string, string?], keepAlive: boolean): Buffer =>
  buildRequest(r[0], r[1], r[2] === undefined ? { keepAlive } : { body: r[2], keepAlive });

/** Writes every request at once on one connection; resolves with the answers read until the server closes or all came. */
function pipeline(port: number, requests: [string, string, string?][]): Promise<{ answers: RawResponse[]; closedEarly: boolean }> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    let buf = Buffer.alloc(0);
    const timer = setTimeout(() => sock.destroy(), 60_000);
    sock.on('data', (c) => {
      buf = Buffer.concat([buf, c]);
      if (splitResponses(buf).length === requests.length) sock.end();
    });
    sock.on('error', () => {});
    sock.on('close', () => {
      clearTimeout(timer);
      const answers = splitResponses(buf);
      resolve({ answers, closedEarly: answers.length < requests.length });
    });
    sock.write(Buffer.concat(requests.map((r) => bytesOf(r, true))));
  });
}

const summary = (r: RawResponse): string => `${r.status} ${r.body}`;

test(
  'PIPELINING=sync: 100 mixed requests pipelined on one connection get 100 answers, in order, each what it gets alone',
  { skip: SKIP_WITHOUT_DATA, timeout: 120_000 },
  async (t) => {
    const svc = await startTestService({ pipelining: 'sync' });
    t.after(() => svc.close());
    const requests = mixedRequests();
    const alone: string[] = [];
    for (const r of requests) alone.push(summary(await rawRequest(svc.port, bytesOf(r, false))));
    const { answers, closedEarly } = await pipeline(svc.port, requests);
    assert.equal(closedEarly, false);
    assert.equal(answers.length, 100);
    assert.deepEqual(answers.map(summary), alone);
  },
);

test(
  'default placement: pipelined requests answered inline (look-ups, small texts) come back in order; a pool-sized one ends the connection there, uWS refusing the next request',
  { skip: SKIP_WITHOUT_DATA, timeout: 120_000 },
  async (t) => {
    const svc = await startTestService();
    t.after(() => svc.close());
    // Texts of at most 200 characters run inline (dispatch/pool.ts, placeJob).
    const small = mixedRequests().filter((r) => r[2] === undefined || ((JSON.parse(r[2]) as { text?: string }).text?.length ?? 0) <= 200);
    assert.ok(small.length >= 70, String(small.length));
    const alone: string[] = [];
    for (const r of small) alone.push(summary(await rawRequest(svc.port, bytesOf(r, false))));
    const all = await pipeline(svc.port, small);
    assert.equal(all.closedEarly, false);
    assert.deepEqual(all.answers.map(summary), alone);
    // A near-limit text first, then a look-up: the look-up arrives while the text's job runs on a worker.
    const mixed = await pipeline(svc.port, [post('/api/v1/spellcheck/text', { text: syllableTexts(1, 900, 9)[0] }), ['GET', '/up']]);
    assert.ok(mixed.closedEarly, 'documented limit (docs/benchmarking.md): uWS closes the connection');
    const h = (await (await fetch(`${svc.base}/api/v1/health`)).json()) as { status: string };
    assert.equal(h.status, 'healthy', 'and the service goes on');
  },
);
