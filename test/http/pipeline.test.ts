// The request pipeline (src/http/pipeline.ts) without uWS: a fake body
// source and the fake services. Identity and rate limits, routing (404, 405,
// preflight), reading and decoding the body, the early refusal of a large text
// while the pool refuses new jobs, and the quota a handler sees.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HttpError, httpError } from '../../src/http/errors.js';
import { PartnerKeys } from '../../src/http/partners.js';
import { newState, RequestPipeline, type BodySource } from '../../src/http/pipeline.js';
import { RateLimits } from '../../src/http/rate-limit.js';
import { groupRoutes } from '../../src/http/router.js';
import { buildRoutes } from '../../src/http/routes/index.js';
import { Metrics } from '../../src/http/metrics.js';
import type { Reply, RequestContext } from '../../src/http/types.js';
import { requestContext } from './request-context.js';
import { limitWords } from '../../src/schemas/common.js';
import { FakeServices } from './fake-services.js';

function setUp(perMinute = 0, partnersJson: unknown = { keys: [] }) {
  const services = new FakeServices();
  const routes = buildRoutes({
    services,
    countWords: limitWords,
    isShuttingDown: () => false,
    logError: () => {},
    documentMaxBytes: 65_536,
    metrics: new Metrics(),
  });
  const limits = new RateLimits({ perMinute, perDay: 0 }, PartnerKeys.fromJson(partnersJson, 'test'));
  const pipeline = new RequestPipeline({ services, limits, groups: groupRoutes(routes), countWords: limitWords, maxBodyBytes: 4096, documentMaxBytes: 65_536 });
  return { services, pipeline, groups: groupRoutes(routes) };
}

function ctx(method: string, path: string, over: Partial<RequestContext> = {}): RequestContext {
  return requestContext({ method, path, peerAddress: '10.0.0.1', client: '10.0.0.1', requestId: 'r', ...over });
}

/** A body source that has the whole body at once, and says whether it was asked for. */
function bodyOf(text: string): BodySource & { asked: number } {
  const source = ((maxBytes: number, tooLarge?: () => HttpError) => {
    source.asked++;
    const buf = Buffer.from(text);
    return { promise: buf.length > maxBytes ? Promise.reject(tooLarge?.() ?? httpError('PAYLOAD_TOO_LARGE')) : Promise.resolve(buf), abort() {}, release() {} };
  }) as BodySource & { asked: number };
  source.asked = 0;
  return source;
}

const run = async (
  p: RequestPipeline,
  groups: ReturnType<typeof groupRoutes>,
  c: RequestContext,
  pattern: string | null,
  body = bodyOf(''),
): Promise<Reply> => {
  try {
    return await p.handle(c, pattern === null ? null : groups.get(pattern)!, newState(), body);
  } catch (e) {
    if (e instanceof HttpError) return e.reply;
    throw e;
  }
};

test('routing: an unknown path is 404, another method 405 with Allow, OPTIONS a 204 preflight; no body is read for any', async () => {
  const { pipeline, groups } = setUp();
  const body = bodyOf('{"text":"घर"}');
  assert.equal((await run(pipeline, groups, ctx('GET', '/nope'), null, body)).status, 404);
  const wrong = await run(pipeline, groups, ctx('DELETE', '/api/v1/spellcheck/text'), '/api/v1/spellcheck/text', body);
  assert.equal(wrong.status, 405);
  assert.equal(wrong.headers!.Allow, 'POST, OPTIONS');
  const pre = await run(pipeline, groups, ctx('OPTIONS', '/api/v1/spellcheck/text'), '/api/v1/spellcheck/text', body);
  assert.equal(pre.status, 204);
  assert.equal(pre.headers!['Access-Control-Allow-Headers'], 'Content-Type, X-API-Key, X-Request-Id');
  assert.equal(body.asked, 0);
});

test('a JSON route: the content type checked, the body read, decoded and checked, then the services called', async () => {
  const { pipeline, groups, services } = setUp();
  const path = '/api/v1/spellcheck/text';
  assert.equal((await run(pipeline, groups, ctx('POST', path, { contentType: 'text/plain' }), path, bodyOf('{}'))).status, 415);
  assert.deepEqual((await run(pipeline, groups, ctx('POST', path, { contentType: 'application/json' }), path, bodyOf('{'))).body, {
    detail: 'Request body is not valid JSON',
  });
  assert.deepEqual((await run(pipeline, groups, ctx('POST', path, { contentType: 'application/json' }), path, bodyOf('{}'))).body, {
    detail: "Field 'text' is required",
  });
  const ok = await run(pipeline, groups, ctx('POST', path, { contentType: 'application/json' }), path, bodyOf('{"text":"घर दिनन"}'));
  assert.equal(ok.status, 200);
  assert.equal((ok.body as { misspelled: unknown[] }).misspelled.length, 1);
  assert.equal(services.calls.at(-1)!.method, 'spellcheckText');
  // Over MAX_BODY_BYTES: 413 in Shape A.
  assert.equal(
    (await run(pipeline, groups, ctx('POST', path, { contentType: 'application/json' }), path, bodyOf(`{"text":"${'घ'.repeat(3000)}"}`))).status,
    413,
  );
});

test('a large text while the pool refuses new jobs: 503 before the body is parsed', async () => {
  const { pipeline, groups, services } = setUp();
  services.overloaded = true;
  const path = '/api/v1/spellcheck/text';
  const before = services.calls.filter((c) => c.method === 'spellcheckText').length;
  const r = await run(pipeline, groups, ctx('POST', path, { contentType: 'application/json' }), path, bodyOf(`{"text":"${'घर '.repeat(400)}"}`));
  assert.equal(r.status, 503);
  assert.equal(services.calls.filter((c) => c.method === 'spellcheckText').length, before);
});

test('identity and limits: the minute limit refuses with 429 and headers; a partner key is its own identity; an unknown key is 401', async () => {
  const { pipeline, groups } = setUp(2, { keys: [{ name: 'editor', key: 'partner-key-000000000001', per_minute: 5 }] });
  const path = '/api/v1/dictionary/suggest';
  const c = () => ctx('GET', path, { query: 'q=%E0%A4%A8' });
  assert.equal((await run(pipeline, groups, c(), path)).status, 200);
  assert.equal((await run(pipeline, groups, c(), path)).status, 200);
  const refused = await run(pipeline, groups, c(), path);
  assert.equal(refused.status, 429);
  assert.equal(refused.headers!['Retry-After'], String((refused.body as { error: { retry_after: number } }).error.retry_after));
  const state = newState();
  const partner = await pipeline.handle(ctx('GET', path, { query: 'q=%E0%A4%A8', apiKey: 'partner-key-000000000001' }), groups.get(path)!, state, bodyOf(''));
  assert.equal(partner.status, 200);
  assert.equal(state.partner, 'editor');
  assert.equal(pipeline.identityKey(ctx('GET', path), state), 'partner editor');
  // An unknown key (from an address still within its limit).
  assert.equal((await run(pipeline, groups, ctx('GET', path, { apiKey: 'nope', client: '10.0.0.2' }), path)).status, 401);
  // The probes are never refused.
  assert.equal((await run(pipeline, groups, ctx('GET', '/up'), '/up')).status, 200);
});
