// The router (src/http/router.ts): routes grouped by pattern with their Allow
// header, and each route's input read and checked before its handler, which
// gets it typed: the query by its compiled schema (defaults filled in, errors
// in Shape A), path parameters decoded, the JSON body by its validator (errors
// in Shape B from the validator's own details).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { HttpError } from '../../src/http/errors.js';
import { groupRoutes, runRoute } from '../../src/http/router.js';
import { route, type HandlerInput, type RawInput, type RequestContext } from '../../src/http/types.js';
import { requestContext } from './request-context.js';
import type { BodyValidator } from '../../src/schemas/common.js';

const Query = Compile(Type.Object({ q: Type.String({ maxLength: 5 }), limit: Type.Integer({ minimum: 1, maximum: 9, default: 3 }) }));

interface Body {
  text: string;
}
const BodyCheck: BodyValidator<Body> = {
  schema: Type.Object({ text: Type.String() }),
  details: { missing: "Field 'text' is required", long: 'Text exceeds 2 words' },
  check(body, countWords) {
    const text = (body as { text?: unknown } | null)?.text;
    if (typeof text !== 'string') return { ok: false, detail: "Field 'text' is required" };
    return countWords(text) > 2 ? { ok: false, detail: 'Text exceeds 2 words' } : { ok: true, value: { text } };
  },
};

const ctx = requestContext;

function raw(c: RequestContext, body?: unknown): RawInput {
  return {
    ctx: c,
    body,
    signal: () => new AbortController().signal,
    client: 'c',
    quota: { take: (n) => ({ granted: n, retryAfterSeconds: 0, neverFits: false, policy: null }), refundRequest: () => {} },
  };
}

const words = (t: string) => t.split(/\s+/).filter(Boolean).length;

test('the handler gets the query read by its schema, with defaults, and the path parameters decoded', async () => {
  let seen: HandlerInput<{ q: string; limit: number }> | null = null;
  const r = route({
    method: 'GET',
    path: '/w/{word}',
    operationId: 'w',
    body: false,
    rateLimited: true,
    query: Query,
    pathParams: [{ name: 'word', schema: Type.String({ maxLength: 10 }) }],
    doc: { summary: '', description: '', tag: 't', responses: {} },
    handle(input) {
      seen = input;
      return { status: 200, body: { q: input.query.q, limit: input.query.limit, word: input.params[0] } };
    },
  });
  const reply = await runRoute(r, raw(ctx({ query: 'q=%E0%A4%98', params: ['%E0%A4%98%E0%A4%B0'] })), words);
  assert.deepEqual(reply.body, { q: 'घ', limit: 3, word: 'घर' });
  assert.equal(seen!.query.limit, 3);
  // A query error is Shape A, thrown before the handler.
  seen = null;
  assert.throws(
    () => runRoute(r, raw(ctx({ query: 'q=abcdef' })), words),
    (e: unknown) => e instanceof HttpError && (e.reply.body as { error: { code: string } }).error.code === 'INVALID_PARAMETER',
  );
  assert.throws(
    () => runRoute(r, raw(ctx({ query: '' })), words),
    (e: unknown) => e instanceof HttpError && (e.reply.body as { error: { message: string } }).error.message === "Missing required query parameter 'q'",
  );
  assert.throws(() => runRoute(r, raw(ctx({ query: 'q=a', params: ['%E0%A4'] })), words), HttpError);
  assert.equal(seen, null, 'no handler ran');
});

test('the JSON body is checked by its validator: Shape B with its detail, or the typed value', async () => {
  const r = route({
    method: 'POST',
    path: '/b',
    operationId: 'b',
    body: 'json',
    rateLimited: true,
    jsonBody: BodyCheck,
    doc: { summary: '', description: '', tag: 't', responses: {} },
    handle: ({ body }) => ({ status: 200, body: { upper: body.text.toUpperCase() } }),
  });
  assert.deepEqual((await runRoute(r, raw(ctx({ method: 'POST' }), { text: 'ab cd' }), words)).body, { upper: 'AB CD' });
  assert.deepEqual(await runRoute(r, raw(ctx({ method: 'POST' }), { text: 'a b c' }), words), { status: 400, body: { detail: 'Text exceeds 2 words' } });
  assert.deepEqual(await runRoute(r, raw(ctx({ method: 'POST' }), [1]), words), { status: 400, body: { detail: "Field 'text' is required" } });
  // The word counter given is the one used.
  assert.deepEqual((await runRoute(r, raw(ctx({ method: 'POST' }), { text: 'a b c' }), () => 1)).status, 200);
});

test('routes are grouped by pattern; two of one method and path are refused; Allow lists HEAD and OPTIONS', () => {
  const row = (method: 'GET' | 'POST', path: string) =>
    route({
      method,
      path,
      operationId: `${method}${path}`,
      body: false,
      rateLimited: true,
      doc: { summary: '', description: '', tag: 't', responses: {} },
      handle: () => ({ status: 204 }),
    });
  const groups = groupRoutes([row('GET', '/a/{x}'), row('POST', '/a/{x}'), row('POST', '/b')]);
  assert.deepEqual([...groups.keys()], ['/a/:x', '/b']);
  assert.equal(groups.get('/a/:x')!.allow, 'GET, POST, HEAD, OPTIONS');
  assert.equal(groups.get('/a/:x')!.paramCount, 1);
  assert.equal(groups.get('/b')!.allow, 'POST, OPTIONS');
  assert.throws(() => groupRoutes([row('GET', '/a'), row('GET', '/a')]), /two routes for GET \/a/);
});
