// A document or batch stream that ends while the service drains (SIGTERM
// calls the same shutdown()) keeps valid chunked framing: every line (a
// document's totals line last), the zero chunk, nothing after. When the drain began
// before the answer started, its head says Connection: close; either way the
// connection is closed after the answer.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Lines, LinesJobOptions, LinesTask, Outcome } from '../../src/dispatch/services.js';
import { buildRequest } from '../integration/raw-http.js';
import { strictExchange } from './chunked.js';
import { startTestServer, type TestServer } from './harness.js';

/** Holds the pool's jobs from the `from`-th on until released; says when the first held one arrives. */
function holdJobs(s: TestServer, from: number): { held: Promise<void>; release: () => void } {
  const run = s.fake.runLines.bind(s.fake);
  let n = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const held = new Promise<void>((r) => (entered = r));
  s.fake.runLines = async (task: LinesTask, o?: LinesJobOptions): Promise<Outcome<Lines>> => {
    if (n++ >= from) {
      entered();
      await gate;
    }
    return run(task, o);
  };
  return { held, release };
}

const text = (n: number) => Array.from({ length: n }, (_, i) => (i % 7 === 3 ? 'दिनन' : ['घर', 'नेपाल', 'राम्रो', 'छ'][i % 4])).join(' ');
const documentRequest = () =>
  buildRequest('POST', '/api/v1/spellcheck/document', { body: text(2500) + '।\n\n' + text(300), contentType: 'text/plain; charset=utf-8', keepAlive: true });
const batchRequest = () =>
  buildRequest('POST', '/api/v1/spellcheck/batch', {
    body: JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: text(20) })) }),
    keepAlive: true,
  });

function lines(body: Buffer): any[] {
  const text = body.toString('utf8');
  assert.ok(text.endsWith('\n'), 'the last line is whole');
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** Every line there: a document's pieces tile it and its totals come last; a batch answers each of its 200 items. */
function complete(kind: 'document' | 'batch', ls: any[]): void {
  if (kind === 'batch') {
    assert.deepEqual(
      ls.map((l) => l.index).sort((a, b) => a - b),
      Array.from({ length: 200 }, (_, i) => i),
    );
    assert.ok(
      ls.every((l) => l.result),
      'every item answered',
    );
    return;
  }
  const totals = ls.at(-1).totals;
  assert.ok(totals, 'the totals line is last');
  assert.equal(totals.failed, 0);
  assert.deepEqual(
    ls.slice(0, -1).map((l) => l.piece),
    Array.from({ length: totals.pieces }, (_, i) => i),
  );
}

for (const [kind, request] of [
  ['document', documentRequest],
  ['batch', batchRequest],
] as const) {
  test(`${kind} stream: a drain that begins mid-stream ends it with valid chunked framing, every line and the totals`, async (t) => {
    const s = await startTestServer(t);
    const { held, release } = holdJobs(s, 1);
    let lineOut!: () => void;
    const firstLine = new Promise<void>((r) => (lineOut = r));
    const answer = strictExchange(s.port, request(), (soFar) => {
      if (soFar.includes('\n{')) lineOut();
    });
    // The head and a line are out, a later job is held: drain now, then let it finish.
    await Promise.all([held, firstLine]);
    const draining = s.handle.shutdown();
    release();
    const r = await answer;
    await draining;
    assert.equal(r.status, 200);
    assert.equal(r.headers['transfer-encoding'], 'chunked');
    assert.equal(r.headers.connection, undefined, 'the head went out before the drain');
    complete(kind, lines(r.body));
  });

  test(`${kind} stream: a drain that begins before the answer starts says Connection: close in its head, framing valid`, async (t) => {
    const s = await startTestServer(t);
    const { held, release } = holdJobs(s, 0);
    const answer = strictExchange(s.port, request());
    await held;
    const draining = s.handle.shutdown();
    release();
    const r = await answer;
    await draining;
    assert.equal(r.status, 200);
    assert.equal(r.headers.connection, 'close');
    complete(kind, lines(r.body));
  });
}
