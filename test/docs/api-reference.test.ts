// docs/api-reference.md is what src/docs/api-reference.ts makes from the
// OpenAPI document today: a route, parameter, status or schema changed
// without regenerating the page fails here.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DEFAULTS } from '../../src/config.js';
import { describeSchema, renderApiReference } from '../../src/docs/api-reference.js';
import { openApiDocument } from '../../src/http/server.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const FILE = 'docs/api-reference.md';

test(`${FILE} is the page the generator makes from the OpenAPI document`, () => {
  const committed = readFileSync(`${REPO_ROOT}/${FILE}`, 'utf8');
  assert.equal(committed, renderApiReference(), `${FILE} is stale: make build && node dist/src/docs/api-reference.js > ${FILE}`);
});

test('the page has a section for every path and method of the document, and every schema', () => {
  const doc = openApiDocument(DEFAULTS) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
  const page = renderApiReference();
  for (const [path, ops] of Object.entries(doc.paths))
    for (const method of Object.keys(ops)) assert.ok(page.includes(`\n### ${method.toUpperCase()} ${path}\n`), `${method} ${path}`);
  for (const name of Object.keys(doc.components.schemas)) assert.ok(page.includes(`\n### ${name}\n`), name);
});

test('a schema is described by its type, bounds and default, a published one by a link to it', () => {
  assert.equal(describeSchema({ type: 'integer', minimum: 1, maximum: 50, default: 10 }), 'integer (1..50, default `10`)');
  assert.equal(describeSchema({ type: 'array', items: { $ref: '#/components/schemas/RomanToken' } }), 'array of [RomanToken](#romantoken)');
  assert.equal(describeSchema({ anyOf: [{ const: 'async' }, { const: 'sync' }] }), '`"async"` \\| `"sync"`');
});
