// GET /api/v1/openapi.json: valid JSON, OpenAPI 3.1, every route of the
// table with its parameters and responses, every $ref resolvable, and the
// parts the interface leaves "not shown" written down.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTEXT_SUMMARY, RANKING_SUMMARY } from '../../src/engine/roman/romanizer.js';
import { buildRoutes } from '../../src/http/routes/index.js';
import { Metrics } from '../../src/http/metrics.js';
import { FakeServices } from './fake-services.js';
import { getJson, startTestServer } from './harness.js';

const EXPECTED: [string, string][] = [
  ['get', '/up'],
  ['get', '/api/v1/health'],
  ['get', '/metrics'],
  ['get', '/api/v1/dictionary/word'],
  ['get', '/api/v1/dictionary/word/{word}'],
  ['get', '/api/v1/dictionary/suggest'],
  ['get', '/api/v1/dictionary/english'],
  ['get', '/api/v1/dictionary/examples'],
  ['post', '/api/v1/spellcheck/text'],
  ['get', '/api/v1/spellcheck/word'],
  ['post', '/api/v1/romanization/resolve'],
  ['post', '/api/v1/spellcheck/document'],
  ['post', '/api/v1/romanization/document'],
  ['post', '/api/v1/spellcheck/batch'],
  ['post', '/api/v1/romanization/batch'],
  ['post', '/api/v1/dictionary/batch'],
  ['get', '/api/v1/live'],
  ['get', '/api/v1/openapi.json'],
  ['get', '/'],
  ['get', '/playground/{file}'],
  ['head', '/up'],
  ['head', '/api/v1/health'],
  ['head', '/metrics'],
  ['head', '/api/v1/dictionary/word'],
  ['head', '/api/v1/dictionary/word/{word}'],
  ['head', '/api/v1/dictionary/suggest'],
  ['head', '/api/v1/dictionary/english'],
  ['head', '/api/v1/dictionary/examples'],
  ['head', '/api/v1/spellcheck/word'],
  ['head', '/api/v1/live'],
  ['head', '/api/v1/openapi.json'],
  ['head', '/'],
  ['head', '/playground/{file}'],
  // The LanguageTool-compatible endpoints: GET (and so HEAD) and POST each.
  ...['check', 'languages', 'info', 'maxtextlength', 'configinfo', 'healthcheck'].flatMap((name): [string, string][] =>
    ['get', 'head', 'post'].map((m) => [m, `/v2/${name}`]),
  ),
];

function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const x of node) collectRefs(x, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else collectRefs(v, out);
    }
  }
  return out;
}

function resolvePointer(doc: unknown, ref: string): unknown {
  assert.ok(ref.startsWith('#/'), ref);
  let node: any = doc;
  for (const part of ref.slice(2).split('/')) node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}

test('openapi.json is OpenAPI 3.1 JSON listing every endpoint and method', async (t) => {
  const s = await startTestServer(t);
  const r = await fetch(`${s.base}/api/v1/openapi.json`);
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-type'), 'application/json; charset=utf-8');
  const doc = JSON.parse(await r.text());
  assert.equal(doc.openapi, '3.1.0');
  assert.equal(doc.info.version, 'v1');
  const listed = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).map((m) => [m, p]));
  assert.deepEqual(listed.sort(), [...EXPECTED].sort());
  // The table and the document agree (a route added without documentation would fail here).
  const routes = buildRoutes({
    services: new FakeServices(),
    countWords: () => 0,
    isShuttingDown: () => false,
    logError: () => {},
    documentMaxBytes: 5 << 20,
    metrics: new Metrics(false),
  });
  for (const route of routes) assert.ok(doc.paths[route.path]?.[route.method.toLowerCase()], `${route.method} ${route.path}`);
});

test('every $ref resolves, and every operation documents its responses', async (t) => {
  const s = await startTestServer(t);
  const { body: doc } = await getJson(`${s.base}/api/v1/openapi.json`);
  const refs = collectRefs(doc);
  assert.ok(refs.length > 20);
  for (const ref of refs) assert.ok(resolvePointer(doc, ref) !== undefined, `unresolved ${ref}`);
  for (const [method, path] of EXPECTED) {
    const op = doc.paths[path][method];
    assert.ok(op.operationId, path);
    // The live channel's success is the switch to a WebSocket.
    assert.ok(op.responses[path === '/api/v1/live' ? '101' : '200'], `${method} ${path} has no success answer`);
    for (const [status, resp] of Object.entries(op.responses as Record<string, { description: string }>)) {
      assert.ok(resp.description.length > 0, `${path} ${status}`);
    }
  }
});

test('the document spells out the parts the interface leaves "not shown"', async (t) => {
  const s = await startTestServer(t);
  const { body: doc } = await getJson(`${s.base}/api/v1/openapi.json`);
  const word = doc.paths['/api/v1/dictionary/word'].get;
  assert.deepEqual(
    word.parameters.map((p: { name: string; required: boolean }) => [p.name, p.required]),
    [
      ['q', true],
      ['include_variants', false],
      ['multi_dict', false],
    ],
  );
  // include_variants and multi_dict bodies.
  assert.deepEqual(word.responses['200'].content['application/json'].schema.oneOf, [
    { $ref: '#/components/schemas/DictionaryEntry' },
    { $ref: '#/components/schemas/VariantsResponse' },
    { $ref: '#/components/schemas/MultiDictResponse' },
  ]);
  // The path form's success body.
  const byPath = doc.paths['/api/v1/dictionary/word/{word}'].get;
  assert.equal(byPath.parameters[0].in, 'path');
  assert.deepEqual(byPath.responses['404'].content['application/json'].schema, { $ref: '#/components/schemas/WordNotFoundBody' });
  // Suggest limit minimum and maximum.
  const limit = doc.paths['/api/v1/dictionary/suggest'].get.parameters.find((p: { name: string }) => p.name === 'limit');
  assert.deepEqual([limit.schema.minimum, limit.schema.maximum, limit.schema.default], [1, 50, 10]);
  // Example sentences endpoint.
  assert.ok(doc.paths['/api/v1/dictionary/examples'].get.responses['200']);
  // Spellcheck errors: Shape B, the word-limit message, the 500 body.
  const spell = doc.paths['/api/v1/spellcheck/text'].post;
  // Shape B for the body; Shape A for a framing error the transport answers (conflicting Content-Length).
  assert.deepEqual(spell.responses['400'].content['application/json'].schema, {
    oneOf: [{ $ref: '#/components/schemas/DetailBody' }, { $ref: '#/components/schemas/ErrorBody' }],
  });
  assert.match(spell.responses['400'].description, /Text exceeds 1000 words/);
  assert.match(spell.responses['500'].description, /Internal server error/);
  assert.ok(spell.responses['413'] && spell.responses['415']);
  // Both text and tokens.
  assert.match(doc.paths['/api/v1/romanization/resolve'].post.responses['400'].description, /not both/);
  // The ranking and the text-level rules are described where clients read them.
  const romanize = doc.paths['/api/v1/romanization/resolve'].post.description;
  assert.ok(romanize.includes(RANKING_SUMMARY) && romanize.includes(CONTEXT_SUMMARY));
  // Partner access, rate-limit attribution and window type.
  assert.equal(doc.components.securitySchemes.partnerKey.name, 'X-API-Key');
  assert.match(doc.info.description, /sliding window/);
  assert.match(doc.info.description, /X-Forwarded-For/);
  assert.ok(doc.paths['/api/v1/dictionary/suggest'].get.responses['429'].headers['Retry-After']);
  // Probes are documented as not rate limited.
  assert.deepEqual(doc.paths['/up'].get.security, [{}]);
});

test('the streamed endpoints document their bodies and their NDJSON lines', async (t) => {
  const s = await startTestServer(t, { documentMaxBytes: 65536 });
  const { body: doc } = await getJson(`${s.base}/api/v1/openapi.json`);
  const spellDoc = doc.paths['/api/v1/spellcheck/document'].post;
  assert.deepEqual(Object.keys(spellDoc.requestBody.content).sort(), ['application/json', 'text/plain']);
  assert.deepEqual(spellDoc.responses['200'].content['application/x-ndjson'].schema.oneOf, [
    { $ref: '#/components/schemas/SpellcheckPieceLine' },
    { $ref: '#/components/schemas/PieceErrorLine' },
    { $ref: '#/components/schemas/SpellcheckTotalsLine' },
  ]);
  assert.match(spellDoc.responses['413'].description, /65536 bytes/);
  assert.match(spellDoc.description, /every piece counts as one request/);
  const romanDoc = doc.paths['/api/v1/romanization/document'].post;
  assert.ok(romanDoc.parameters.some((p: { name: string }) => p.name === 'max_candidates'));
  for (const kind of ['spellcheck', 'romanization', 'dictionary']) {
    const op = doc.paths[`/api/v1/${kind}/batch`].post;
    const lines = op.responses['200'].content['application/x-ndjson'].schema.oneOf as unknown[];
    assert.equal(lines.length, 3, kind);
    assert.deepEqual(lines.slice(1), [{ $ref: '#/components/schemas/ItemDetailLine' }, { $ref: '#/components/schemas/ItemErrorLine' }]);
    assert.match(op.description, /every item counts as one request/);
  }
  assert.match(doc.info.description, /Vary: Accept-Encoding/);
  assert.match(doc.info.description, /If-None-Match/);
  // Every status a streamed endpoint gives.
  for (const path of [
    '/api/v1/spellcheck/document',
    '/api/v1/romanization/document',
    '/api/v1/spellcheck/batch',
    '/api/v1/romanization/batch',
    '/api/v1/dictionary/batch',
  ]) {
    assert.deepEqual(Object.keys(doc.paths[path].post.responses).sort(), ['200', '400', '401', '405', '413', '415', '429', '500', '503'], path);
  }
  // The answers that depend only on the build: ETag and Cache-Control on the 200, and a 304 without a body.
  for (const path of [
    '/api/v1/dictionary/word',
    '/api/v1/dictionary/word/{word}',
    '/api/v1/dictionary/suggest',
    '/api/v1/dictionary/examples',
    '/api/v1/dictionary/english',
  ]) {
    const r = doc.paths[path].get.responses;
    assert.ok(r['200'].headers.ETag && r['200'].headers['Cache-Control'], path);
    assert.equal(r['304'].content, undefined, path);
    assert.ok(r['304'].headers.ETag, path);
  }
  assert.ok(doc.components.headers.ETag && doc.components.headers['Cache-Control']);
});

test('the document reflects the configured limits', async (t) => {
  const s = await startTestServer(t, { rateLimitPerMinute: 30, rateLimitPerDay: 1000, maxBodyBytes: 4096 });
  const { body: doc } = await getJson(`${s.base}/api/v1/openapi.json`);
  assert.match(doc.info.description, /30 requests per minute and 1000 requests per day/);
  assert.match(doc.info.description, /4096 bytes/);
  assert.match(doc.info.description, /5242880 bytes \(DOCUMENT_MAX_BYTES\)/);
});

test('every operation lists the statuses the transport can give: 400 for framing, 405 with Allow; HEAD beside every GET', async (t) => {
  const s = await startTestServer(t);
  const { body: doc } = await getJson(`${s.base}/api/v1/openapi.json`);
  for (const [path, ops] of Object.entries(
    doc.paths as Record<string, Record<string, { responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: unknown }> }>>,
  )) {
    for (const [method, op] of Object.entries(ops)) {
      assert.match(op.responses['400']?.description ?? '', /conflicting Content-Length/, `${method} ${path}`);
      assert.ok(op.responses['405']?.headers?.Allow, `${method} ${path} documents 405 with Allow`);
      if (method === 'head') {
        assert.ok(ops.get, `HEAD ${path} has a GET`);
        assert.deepEqual(Object.keys(op.responses).sort(), Object.keys(ops.get!.responses).sort(), `HEAD ${path}: the statuses of GET`);
        for (const r of Object.values(op.responses)) assert.equal(r.content, undefined, `HEAD ${path}: no body`);
      }
    }
  }
  // And they are true: a framing error and a wrong method on a real path.
  const wrong = await fetch(`${s.base}/api/v1/dictionary/suggest?q=x`, { method: 'DELETE' });
  assert.equal(wrong.status, 405);
  assert.match(wrong.headers.get('allow') ?? '', /GET, HEAD, OPTIONS/);
});
