// docs/configuration.md is what src/docs/configuration.ts makes from the
// configuration schema today: a setting added, removed or redescribed in
// src/config.ts without regenerating the page fails here.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ENV_NAMES } from '../../src/config.js';
import { renderConfiguration } from '../../src/docs/configuration.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const FILE = 'docs/configuration.md';

test(`${FILE} is the page the generator makes from src/config.ts`, () => {
  const committed = readFileSync(`${REPO_ROOT}/${FILE}`, 'utf8');
  assert.equal(committed, renderConfiguration(), `${FILE} is stale: make build && node dist/src/docs/configuration.js > ${FILE}`);
});

test('the page names every variable the service reads, once', () => {
  const page = renderConfiguration();
  for (const name of Object.values(ENV_NAMES)) assert.equal(page.split(`| \`${name}\` |`).length, 2, name);
});
